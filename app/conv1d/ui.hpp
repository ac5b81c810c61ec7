#pragma once
// The conv1d view's settings, a plain struct, and the pure logic that changes them (keys, clamps):
// the live signal's length is params.length.
#include <string>

#include "app/ui/common_state.hpp"
#include "kernels/common/breaks.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

inline constexpr int kMinSignal = 32, kMaxSignal = 1 << 16;  // the view's signal lengths

struct Conv1dUi {
  Conv1dParams params{Conv1dStrategy::tiled, 4, 64, 320};
  std::string filter = "gaussian";
  Break bug = Break::none;  // break it: run a deliberately wrong kernel (scenes keep it, settings do not)
  Stepper stepper;
};

// + - radius, [ ] block size, 1-5 strategy, t step-through on / off, < > its step back / forward.
// Returns whether ch was one of them.
bool apply_key(Conv1dUi& c, unsigned int ch);
// Keeps the settings inside what the kernels and the view support; a break the strategy cannot
// have (its break_problem) becomes none.
void clamp(Conv1dUi& c);

}  // namespace tilescope
