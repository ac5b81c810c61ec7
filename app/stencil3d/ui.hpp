#pragma once
// The stencil3d view's settings, a plain struct, and the pure logic that changes them (keys, clamps,
// default tiles): a live heat-diffusion simulation on a cubic grid, shown one z slice at a time.
#include <string>
#include <utility>

#include "app/ui/common_state.hpp"
#include "kernels/common/breaks.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// The view's cubic grid side and its steps per frame, as the sliders, scenes and command line take them.
inline constexpr int kMinStencil3dGrid = 16, kMaxStencil3dGrid = 512;
inline constexpr int kMaxStepsPerFrame = 64;

struct Stencil3dUi {
  Stencil3dParams params;  // width = height = depth = grid
  int grid = 0;            // side of the cubic grid; 0: the view picks 128 on a GPU, 64 on the CPU
  std::string coeffs = "heat";
  int iterations = 4;  // stencil steps per frame: heat spreads about sqrt(steps) cells a frame
  // The longest launch the view's frame budget allows (HeatSimulation::affordable_steps; not saved):
  // params.steps, the steps one launch runs (temporal fuses them), is the steps per frame up to this
  // and kMaxStencil3dSteps.
  int launch_steps = kMaxStencil3dSteps;
  int slice = -1;  // z shown; -1: the middle
  bool reset_requested = false;
  bool check_requested = true;
  Break bug = Break::none;  // break it: run a deliberately wrong kernel (scenes keep it, settings do not)
  Stepper stepper;          // steps through the focused block in the shown slice
  int sm_count = 0;         // the view's GPU (0: none, or not known yet): fast's z chunk follows it (not saved)
  long long l2_bytes = 0;   // and its L2 cache
};

// + - order, [ ] tile, 1-5 strategy, < > slice, r reset, t step-through on / off. Returns whether
// ch was one of them.
bool apply_key(Stencil3dUi& st, unsigned int ch);
// Keeps order, tile, grid, iterations and slice inside what the kernels and the view support, and
// sets the steps a launch runs (params.steps); a break the strategy cannot have (its break_problem)
// becomes none, and a break runs one step a launch (the book's kernels are what break).
void clamp(Stencil3dUi& st);
// The tiles the view takes for p's strategy at p's order: a cube's side (basic, tiled: T^3 threads),
// the others' block side or z chunk (temporal: its output planes, up to the largest grid's depth).
std::pair<int, int> tile_range(const Stencil3dParams& p);
// The tile `strategy` takes on the view's grid and GPU (fast's z chunk: fast_chunk_for, as bench's);
// select_strategy switches to it with that tile.
int default_tile(const Stencil3dUi& st, Stencil3dStrategy strategy);
void select_strategy(Stencil3dUi& st, Stencil3dStrategy strategy);
DeviceLimits gpu_of(const Stencil3dUi& st);  // the view's GPU as its settings know it (app/ui/default_tile.hpp)

}  // namespace tilescope
