#pragma once
// The matmul view's settings, a plain struct, and the pure logic that changes them (keys, clamps):
// small matrices, so that every element is a visible cell, and the phase stepper.
#include "kernels/matmul/params.hpp"
#include "kernels/matmul/phases.hpp"
#include "kernels/matmul/steps.hpp"

namespace tilescope {

inline constexpr int kMaxViewSide = 96;  // rows, inner, cols: every element a visible cell

struct MatmulUi {
  MatmulParams params{MatmulStrategy::tiled, 4, 24, 20, 28};
  int phase = 0;  // the phase stepper: 0 .. phases - 1
  int step = 0;   // within the phase: 0 load, 1 barrier (RAW), 2 multiply, 3 barrier (WAR)
  MissingBarrier missing = MissingBarrier::none;
  unsigned seed = 1;  // of the random M and N
};
inline constexpr int kMatmulSteps = kMatmulStepsPerPhase;
const char* matmul_step_name(int step);
const char* const* missing_barrier_names();  // "none", "raw", "war": in MissingBarrier's order

// [ ] TILE_WIDTH, 1-3 strategy, < > step back / forward through the phases, b cycles the barrier
// left out. Returns whether ch was one of them.
bool apply_key(MatmulUi& m, unsigned int ch);
// Keeps the settings inside what the kernels and the view support.
void clamp(MatmulUi& m);

}  // namespace tilescope
