#pragma once
// PMPP chapter 7's 2D convolution, live: input image -> compute step -> image view with the
// launch's tiles, halo, ghost cells and taps -> panels.
#include <optional>
#include <string>
#include <tuple>

#include "app/conv2d/panels.hpp"
#include "app/conv2d/pipeline.hpp"
#include "app/conv2d/ui.hpp"
#include "app/interop/cuda_gl_textures.hpp"
#include "app/ui/image_pattern_view.hpp"
#include "app/ui/timeline_cache.hpp"
#include "app/view/image_layer.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/common/block_steps.hpp"
#include "kernels/common/image.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

class Conv2dView : public ImagePatternView {
 public:
  Conv2dView(CommonState& state, Conv2dUi& ui);  // the app's settings: they outlive the view
  void sidebar() override;
  void windows(const Rect& view) override;
  // Loads an image file as the source; a bad file leaves the current one and says why.
  void load_file(const std::string& path) override;
  const Backend& backend() const override { return pipeline_.backend(); }
  HudFigures hud() const override;
  float hud_below() const override;  // split: the "input | output" labels
  HudFigures ladder_launch(const std::string& strategy, bool time) override;
  std::function<CounterReading(GpuTurn)> measure_job(const std::string& strategy) const override;
  std::string working() const override;  // a check under way, and how far it got

 private:
  // Whether ladder_launch and measure_job can launch (p) on this view's data now.
  bool launches(const Conv2dParams& p) const;
  Conv2dUi& ui_;
  void step(const Rect& view, double dt) override;
  void draw(float display_w, float display_h, float fb_scale) override;
  void handle_input();
  void update_source(double dt);
  void compute();
  void present(Layer layer);     // the resident input/output into its texture
  bool shows_reference() const;  // the diff view, a break's damage
  // This frame's share of the check under way (app/ui/frame_cost.hpp's budget); once it is done, the
  // reference and the input and output it checked go to the screen together.
  void continue_check();
  void show_held();  // the held input and output into their textures
  void draw_overlays();
  // The focused block's step-through (null when it is off, or there is no block or no
  // step-through), rebuilt when the block or the parameters change.
  const BlockTimeline* timeline();

  Conv2dPipeline pipeline_;
  ImageLayer image_layer_;
  CudaGlTextures interop_;
  bool showing_demo_ = false;  // what the pipeline holds
  DemoScene shown_scene_ = DemoScene::mixed;
  Filter2d filter_;
  std::string filter_key_;
  double anim_time_ = 0;
  bool input_changed_ = true, dragging_ = false;
  std::optional<std::tuple<Conv2dParams, std::string, Break>> launched_;  // the last frame's launch
  std::optional<Conv2dUi> shown_;  // the last frame's settings: a default tile follows the radius and image
  bool check_pending_ = true;
  bool held_input_ = false, held_output_ = false;  // a run's, not shown until its check is done
  bool reference_shown_ = false;                   // the reference texture is the output texture's
  TimelineCache<std::tuple<Conv2dParams, int, int>> timeline_;
  float step_caption_top_ = 0;  // this frame's step caption's top edge (0: none): the legend goes above
  ScreenBox kept_block_;        // this frame's stepped or pinned block on screen (empty: none): the windows keep clear
};

}  // namespace tilescope
