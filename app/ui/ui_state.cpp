#include "app/ui/ui_state.hpp"

#include <algorithm>

namespace tilescope {

std::optional<Pixel> focus_pixel(const UiState& s) { return s.pinned ? s.pinned : s.hover; }

void clamp_params(UiState& s) {
  s.params.filter_radius = std::clamp(s.params.filter_radius, 1, kMaxFilterRadius);
  s.params.tile = std::clamp(s.params.tile, 1, 32);
}

const char* const* pattern_labels() {
  static const char* const labels[kPatternCount] = {"2D convolution (PMPP ch 7)"};
  return labels;
}

const char* pattern_id(Pattern p) {
  switch (p) {
    case Pattern::conv2d: return "conv2d";
  }
  return "?";
}

bool apply_common_key(UiState& s, unsigned int ch) {
  switch (ch) {
    case ' ': s.paused = !s.paused; return true;
    case '.': s.step_once = true; return true;
    case 'f': case 'F': s.presentation = !s.presentation; return true;
    case 's': case 'S': s.screenshot_requested = true; return true;
    case 'p': case 'P': s.pattern = Pattern((int(s.pattern) + 1) % kPatternCount); return true;
    default: return false;
  }
}

bool apply_key(UiState& s, unsigned int ch) {
  if (apply_common_key(s, ch)) return true;
  switch (ch) {
    case '+': case '=': ++s.params.filter_radius; break;
    case '-': case '_': --s.params.filter_radius; break;
    case ']': s.params.tile = s.params.tile < 8 ? s.params.tile + 1 : std::min(32, s.params.tile * 2); break;
    case '[': s.params.tile = s.params.tile <= 8 ? s.params.tile - 1 : s.params.tile / 2; break;
    case '1': case '2': case '3': case '4': case '5':
      s.params.strategy = static_cast<Conv2dStrategy>(ch - '1');
      break;
    case 'v': case 'V': s.view = static_cast<ViewMode>((int(s.view) + 1) % 4); break;
    default: return false;
  }
  clamp_params(s);
  return true;
}

const char* view_name(ViewMode v) {
  switch (v) {
    case ViewMode::input: return "input";
    case ViewMode::output: return "output";
    case ViewMode::split: return "split";
    case ViewMode::diff: return "diff";
  }
  return "?";
}

}  // namespace tilescope
