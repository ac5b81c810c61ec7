#include "app/ui/common_state.hpp"

#include <algorithm>

namespace tilescope {

std::optional<Pixel> focus_pixel(const CommonState& s) { return s.pinned ? s.pinned : s.hover; }

bool apply_common_key(CommonState& s, unsigned int ch) {
  switch (ch) {
    case ' ': s.paused = !s.paused; return true;
    case '.': s.step_once = true; return true;
    case 'f':
    case 'F': s.presentation = !s.presentation; return true;
    case 's':
    case 'S': s.screenshot_requested = true; return true;
    case 'g':
    case 'G': s.record_toggle_requested = true; return true;
    case 'h':
    case 'H': s.overlays.hud = !s.overlays.hud; return true;
    case 'n':
    case 'N': s.overlays.caption = !s.overlays.caption; return true;
    case 'i':
    case 'I': s.overlays.inspector = !s.overlays.inspector; return true;
    default: return false;
  }
}

bool apply_stepper_key(Stepper& s, unsigned int ch) {
  switch (ch) {
    case 't':
    case 'T': s.on = !s.on; break;
    case '<':
    case ',': s.step = std::max(0, s.step - 1), s.playing = false; break;
    case '>': ++s.step, s.playing = false; break;  // the view clamps it to its steps
    default: return false;
  }
  return true;
}

void advance_stepper(Stepper& s, double dt, int steps) {
  if (s.playing && s.steps_per_second > 0) {
    s.clock += dt;
    const double period = 1.0 / s.steps_per_second;
    while (s.clock >= period && s.step < steps - 1) s.clock -= period, ++s.step;
    if (s.step >= steps - 1) s.playing = false, s.clock = 0;
  }
  s.step = std::clamp(s.step, 0, std::max(0, steps - 1));
}

}  // namespace tilescope
