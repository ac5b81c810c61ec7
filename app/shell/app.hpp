#pragma once
// One frame of tilescope, shared by the window and the headless shot: the sidebar with the
// pattern selector and menus, and the selected pattern's view. The caller owns the GL context
// and ImGui's platform side; it calls prepare_frame() before ImGui::NewFrame(), frame() after it,
// then renders ImGui on top.
#include <memory>
#include <string>
#include <vector>

#include "app/shell/compare_panes.hpp"
#include "app/shell/exercise_panel.hpp"
#include "app/shell/ladder.hpp"
#include "app/shell/scene.hpp"
#include "app/shell/traffic_meter.hpp"
#include "app/shell/ui_state.hpp"
#include "app/ui/frame_stats.hpp"
#include "app/ui/gpu_power.hpp"
#include "app/ui/notice.hpp"
#include "app/ui/pattern_view.hpp"
#include "app/ui/style.hpp"

namespace tilescope {

struct Layout {
  Rect sidebar, view;
};
// Where the panels and the data view go in a window of this size.
Layout layout_for(float width, float height, bool presentation);

class App {
 public:
  explicit App(UiState state);  // needs a current GL 3.3 context and an ImGui context
  void prepare_frame();         // fonts and style for presentation mode (before NewFrame)
  void frame(float display_w, float display_h, float fb_scale, double dt);
  void load_file(const std::string& path);  // opens it in the view that opens files (every compare pane)
  // Shows the tour's scene `at` (default the first), `first` (as load_scene read files[at]); PageDown /
  // PageUp step through the others (app/ui/scene.hpp).
  void open_tour(std::vector<std::string> files, UiState first, int at = 0);

  UiState& state() { return state_; }
  PatternView& view() { return *view_for(state_.pattern); }
  // What the views shown are still computing (PatternView::working), a line each; empty when every
  // picture is complete.
  std::string working();
  FrameStats& stats() { return view().stats(); }

 private:
  PatternView* view_for(int pattern);
  void keys();  // the characters typed this frame, unless a widget has the keyboard
  void draw_sidebar(const Layout& layout);
  void scene_keys();               // PageDown / PageUp: the tour; ctrl+s: save the state as a scene
  void show_scene(UiState scene);  // the tour's current one
  void open_scene(const std::string& path);
  void save_scene_file();
  void apply_pose();  // a scene's zoom and centre (in every compare pane), once its view has sized the data
  void say(const std::string& message);  // in the sidebar's status line and on stdout

  UiState state_;
  Tour tour_;
  std::unique_ptr<PatternView> views_[kPatternCount];  // made when first shown
  ComparePanes compare_;                               // the other strategies' panes while comparing (state_.compare)
  GpuPower gpu_power_;
  Ladder ladder_;            // every strategy of the current pattern, charted (the sidebar's Ladder panel)
  TrafficMeter meter_;       // the GPU's memory counters, measured beside the frames
  ExercisePanel exercises_;  // the sidebar's Exercises panel (on top while an exercise is shown)
  OnceNotice heavy_;         // says when the settings make a frame heavy (app/ui/frame_cost.hpp)
  Fonts fonts_;
};

}  // namespace tilescope
