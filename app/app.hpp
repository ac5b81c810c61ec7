#pragma once
// One frame of tilescope, shared by the window and the headless shot: input -> compute step ->
// view + overlays -> panels. The caller owns the GL context and ImGui's platform side; it calls
// prepare_frame() before ImGui::NewFrame(), frame() after it, then renders ImGui on top.
#include <string>

#include "app/compute/conv2d_pipeline.hpp"
#include "app/interop/cuda_gl_textures.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_state.hpp"
#include "app/view/image_layer.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/filter.hpp"
#include "kernels/image.hpp"

struct ImFont;

namespace tilescope {

struct Layout {
  Rect sidebar, view;
};
// Where the panels and the image view go in a window of this size.
Layout layout_for(float width, float height, bool presentation);

class App {
 public:
  explicit App(UiState state);  // needs a current GL 3.3 context and an ImGui context
  void prepare_frame();         // fonts and style for presentation mode (before NewFrame)
  // display: window size in ImGui units; fb_scale: framebuffer pixels per unit.
  void frame(float display_w, float display_h, float fb_scale, double dt);
  // Loads an image file as the source; a bad file leaves the current one and says why.
  void load_file(const std::string& path);

  UiState& state() { return state_; }
  ViewTransform& view() { return view_; }
  FrameStats& stats() { return stats_; }
  const Conv2dPipeline& pipeline() const { return pipeline_; }

 private:
  void handle_input();
  void update_source(double dt);
  void compute();
  void present(Layer layer);  // the resident input/output into its texture
  void draw_overlays();
  void draw_panels(const Layout& layout);

  UiState state_;
  Conv2dPipeline pipeline_;
  ImageLayer image_layer_;
  CudaGlTextures interop_;
  ViewTransform view_;
  FrameStats stats_;
  bool showing_demo_ = false;  // what the pipeline holds
  DemoScene shown_scene_ = DemoScene::mixed;
  Filter2d filter_;
  std::string filter_key_;
  double anim_time_ = 0;
  bool input_changed_ = true, dragging_ = false;
  Conv2dParams last_params_{};
  std::string last_filter_;
  bool check_pending_ = true;
  ImFont* font_normal_ = nullptr;
  ImFont* font_large_ = nullptr;
};

}  // namespace tilescope
