#pragma once
// The conv2d view's settings, a plain struct, and the pure logic that changes them (keys, clamps,
// default tiles). params.width/height follow the source image.
#include <string>

#include "app/ui/common_state.hpp"
#include "app/view/view_mode.hpp"
#include "kernels/common/breaks.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/conv2d/demo_scene.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

enum class SourceKind { demo, file };

struct Conv2dUi {
  Conv2dParams params;
  std::string filter = "gaussian";
  Break bug = Break::none;  // break it: run a deliberately wrong kernel (scenes keep it, settings do not)
  Stepper stepper;
  int sm_count = 0;  // the view's GPU (0: none, or not known yet): sliding's strip follows it (not saved)
  SourceKind source = SourceKind::demo;
  std::string file_path;
  DemoScene demo_scene = DemoScene::mixed;
  int demo_size = 1024;
  ViewMode view = ViewMode::split;
};

// + - radius, [ ] tile, 1-8 strategy, v cycle views, t step-through on / off, < > its step back /
// forward. Returns whether ch was one of them.
bool apply_key(Conv2dUi& c, unsigned int ch);
// Keeps radius and tile inside what the kernels support (1..kMaxConv2dRadius, 1..32); a break the
// strategy cannot have (its break_problem) becomes none.
void clamp(Conv2dUi& c);
// The largest tile the view takes for `strategy` (sliding's strip, the others' block side).
int max_tile(Conv2dStrategy strategy);
// Switches strategy; a strategy with another default tile (fast's 16 vs the book's 32) starts
// from its own, since the other's tile may not even fit its shared memory.
void select_strategy(Conv2dUi& c, Conv2dStrategy strategy);
DeviceLimits gpu_of(const Conv2dUi& c);  // the view's GPU as its settings know it (app/ui/default_tile.hpp)

const char* view_name(ViewMode v);
const char* const* view_names();        // every view_name, in ViewMode's order
const char* const* demo_scene_names();  // "mixed", "checker", ...: in DemoScene's order

}  // namespace tilescope
