#pragma once
// What every view reads and sets, whatever its pattern: the backend, the overlays, pause and step,
// presentation mode, the pointer, the sidebar's panels, a scene's caption and pose. A plain struct
// plus the pure logic that changes it (keys); nothing here touches a window. Each pattern keeps its
// own settings beside it (app/<pattern>/ui.hpp); the shell's UiState holds both (app/shell/ui_state.hpp).
#include <map>
#include <optional>
#include <string>

#include "app/ui/frame_cost.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

struct Pixel {
  int x = 0, y = 0;
  bool operator==(const Pixel& o) const { return x == o.x && y == o.y; }
};

struct Overlays {
  bool tile_grid = true;
  bool block = true;            // hovered block: input tile, halo, ghost cells, load-only ring
  bool receptive_field = true;  // hovered pixel: its taps coloured by source
  bool thread_ids = true;       // threadIdx inside cells at high zoom
  bool legend = true;
  bool inspector = true;  // the focused cell's window (a scene may close it to keep the view clear)
  bool hud = true;        // the lecture HUD over the view's corner (app/ui/hud.hpp)
  bool caption = true;    // the scene's caption over the view's bottom (app/ui/caption.hpp)
};

// The step-through of the focused block (issue 18): the step shown, played or scrubbed.
struct Stepper {
  bool on = false;
  int step = 0;
  bool playing = false;
  float steps_per_second = 2.0f;
  double clock = 0;  // seconds the shown step has been on screen while playing
};
// A playing stepper moves on by dt seconds through `steps` steps and stops at the last; the step
// is kept within 0..steps-1 either way.
void advance_stepper(Stepper& s, double dt, int steps);
// t turns it on / off, < and > step back / forward (stopping play); returns whether ch was one.
bool apply_stepper_key(Stepper& s, unsigned int ch);

// Where a scene puts the view: `zoom` screen pixels per element (0: fit the data) around `centre`
// (in elements; none: the pinned or hovered cell).
struct ViewPose {
  float zoom = 0;
  std::optional<Vec2> centre;
};

struct CommonState {
  std::string backend = "auto";
  Overlays overlays;
  bool paused = false;
  bool step_once = false;
  bool presentation = false;
  std::optional<Pixel> hover;   // pixel under the pointer
  std::optional<Pixel> pinned;  // clicked pixel: keeps the inspector on it
  bool screenshot_requested = false;
  bool record_toggle_requested = false;  // g / View > Record: start or stop recording the window (run_window)
  bool recording = false;                // run_window's: a recording is running
  std::map<std::string, bool> panels;    // the sidebar's panels by title: open or not (absent: open)
  std::string caption;                   // the open scene's: a few lines on what to look at (app/shell/scene.hpp)
  std::optional<ViewPose> pose;          // a scene's view: the App applies it at the next frame, then clears it
  bool measure_traffic = true;  // measure each new launch once with the GPU's counters (app/shell/traffic_meter.hpp)
  bool measure_again = false;   // a request to measure the shown launches again (not saved)
  // What a frame may spend on work that can go on over the next frames (a check in bands), as the
  // window lets it (app/ui/frame_cost.hpp); 0 (headless): a frame does all of it, so a capture is whole.
  double work_budget_ms = kFrameWorkBudgetMs;
};

// The pixel the overlays and inspector follow: the pinned one, else the hovered one.
std::optional<Pixel> focus_pixel(const CommonState& s);

// Keys every view shares (as typed characters): space pause, . single step, f presentation mode,
// s screenshot, g record, h HUD, n caption (notes), i inspector. Returns whether it was one.
bool apply_common_key(CommonState& s, unsigned int ch);

}  // namespace tilescope
