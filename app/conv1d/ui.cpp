#include "app/conv1d/ui.hpp"

#include <algorithm>

#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/geometry.hpp"

namespace tilescope {

void clamp(Conv1dUi& c) {
  c.params.filter_radius = std::clamp(c.params.filter_radius, 1, kMaxConv1dRadius);
  c.params.tile = std::clamp(c.params.tile, kMinConv1dTile, kMaxConv1dTile);
  c.params.length = std::clamp(c.params.length, kMinSignal, kMaxSignal);
  if (c.bug != Break::none && break_problem(c.params.strategy, c.bug)) c.bug = Break::none;
}

bool apply_key(Conv1dUi& c, unsigned int ch) {
  Conv1dParams& p = c.params;
  switch (ch) {
    case '+':
    case '=': ++p.filter_radius; break;
    case '-':
    case '_': --p.filter_radius; break;
    case ']': p.tile *= 2; break;
    case '[': p.tile /= 2; break;
    case '1':
    case '2':
    case '3':
    case '4':
    case '5': p.strategy = static_cast<Conv1dStrategy>(ch - '1'); break;
    default: return apply_stepper_key(c.stepper, ch);
  }
  clamp(c);
  return true;
}

}  // namespace tilescope
