#pragma once
// One pattern's view in the app: its compute step, the data view with the overlays of the real
// launch, its panels and windows. The shell (app/shell/app.hpp) owns the window layout, the menus,
// the keys and the pattern selector, and calls the shown view each frame. A view reads and sets the
// common settings and its pattern's own (app/<pattern>/ui.hpp), nothing of another pattern's.
#include <functional>
#include <optional>
#include <string>

#include "app/ui/common_state.hpp"
#include "app/ui/frame_stats.hpp"
#include "app/ui/hud.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/counters.hpp"

namespace tilescope {

// Clears the whole window: the App does, once a frame, before its views draw into their rects.
void clear_window(float display_w, float display_h, float fb_scale);

// The GPU's counters as the shell's traffic meter read them (app/shell/traffic_meter.hpp): the
// reading of a launch, attached to its HUD figures.
class MeasuredTraffic {
 public:
  virtual ~MeasuredTraffic() = default;
  // f with the last reading of f's strategy at f's parameters, or why there is none.
  virtual void attach(HudFigures& f) const = 0;
};

class PatternView {
 public:
  explicit PatternView(CommonState& state) : state_(state) {}  // the app's common settings: they outlive the view
  virtual ~PatternView() = default;
  // Handles input over `view` and runs this frame's compute step (step), draws the data and its
  // overlays (draw) into the cleared window, and records how long the frame took. display_*: the
  // window in ImGui units, fb_scale: framebuffer pixels per unit. mouse: whether the pointer is
  // this view's (false: a compare pane that follows another's hover and pose; keys still count).
  void frame(const Rect& view, float display_w, float display_h, float fb_scale, double dt, bool mouse = true);
  virtual void sidebar() = 0;                  // panels, inside the sidebar window
  virtual void windows(const Rect& view) = 0;  // floating windows over the view (inspector, legend)
  virtual void fit() = 0;                      // show all of the data
  // Where a data element is on screen, after zooming to `zoom` screen pixels per element around it
  // (zoom > 0); headless shots put the pointer there.
  virtual Vec2 point_at(Vec2 element, float zoom) = 0;
  // The zoom and the element at the view's centre, as a scene saves them (zoom 0: fitted).
  virtual ViewPose pose() const { return {}; }
  void set_pose(const ViewPose& pose);  // another view's pose (a compare pane follows the one pointed at)
  virtual void load_file(const std::string& path) = 0;  // a dropped file; says why when it cannot
  virtual const Backend& backend() const = 0;           // where the compute step runs
  std::string backend_description() const { return backend().description(); }
  virtual HudFigures hud() const = 0;  // the lecture HUD's numbers for the current launch
  // hud() with the measured traffic of the App's meter (set once a frame by use_meter).
  HudFigures hud_measured() const {
    HudFigures f = hud();
    if (meter_) meter_->attach(f);
    return f;
  }
  void use_meter(const MeasuredTraffic& meter) { meter_ = &meter; }
  // The ladder's and the meter's (app/shell/ladder.hpp): the figures of the launch of this view's
  // settings with strategy `strategy` (app/ui/strategy_switch.hpp), timed when `time` by one launch
  // of it on this view's data as the last frame left it; the view's next launch overwrites what it
  // wrote.
  virtual HudFigures ladder_launch(const std::string& strategy, bool time) = 0;
  // The meter's (app/shell/background_meter.hpp): the launch ladder_launch(strategy, true) would
  // time, measured on an engine and data of its own at the same parameters (the pattern's `model
  // --measure` run), callable on another thread; empty where that launch cannot run now.
  virtual std::function<CounterReading(GpuTurn)> measure_job(const std::string& strategy) const = 0;
  virtual float hud_below() const { return 0.0f; }  // room the view keeps at its top for its own title
  // What the view is still computing over the coming frames, for a notice ("checking ...: 40%"); empty
  // when its picture is complete (always, without a work budget: CommonState::work_budget_ms).
  virtual std::string working() const { return {}; }
  FrameStats& stats() { return stats_; }

 protected:
  // Input over `view` (respecting io.WantCaptureMouse), then this frame's compute step.
  virtual void step(const Rect& view, double dt) = 0;
  // The data and its overlays on the cleared window: GL, then ImGui's background draw list.
  virtual void draw(float display_w, float display_h, float fb_scale) = 0;

  // The per-frame change tracking every view's compute step does, written once. The backend the
  // user asked for (CommonState::backend) goes to `engines` (an EngineOnBackend or a pipeline over
  // one) when it differs from theirs: true then, and the kernel's times start a new run (a paused
  // view shows no time until the new backend took one).
  template <class Engines>
  bool follow_backend(Engines& engines) {
    if (state_.backend == engines.requested_backend()) return false;
    engines.set_backend(state_.backend);
    stats_.kernel_ms.start_run();
    return true;
  }
  // Whether `launch` (what the kernel runs: parameters, filter, break, steps) differs from `last`,
  // which then takes it: the kernel's times start a new run (the old ones timed another launch).
  template <class Launch>
  bool new_launch(const Launch& launch, std::optional<Launch>& last) {
    if (last && *last == launch) return false;
    last = launch;
    stats_.kernel_ms.start_run();
    return true;
  }

  CommonState& state_;
  FrameStats stats_;
  bool mouse_ = true;  // this frame's: see frame()
  const MeasuredTraffic* meter_ = nullptr;
};

}  // namespace tilescope
