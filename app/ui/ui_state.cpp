#include "app/ui/ui_state.hpp"

#include <algorithm>

namespace tilescope {

std::optional<Pixel> focus_pixel(const UiState& s) { return s.pinned ? s.pinned : s.hover; }

void clamp_params(UiState& s) {
  s.params.filter_radius = std::clamp(s.params.filter_radius, 1, kMaxFilterRadius);
  s.params.tile = std::clamp(s.params.tile, 1, 32);
}

const char* const* pattern_labels() {
  static const char* const labels[kPatternCount] = {"2D convolution (PMPP ch 7)", "3D stencil: heat diffusion (PMPP ch 8)"};
  return labels;
}

const char* pattern_id(Pattern p) {
  switch (p) {
    case Pattern::conv2d: return "conv2d";
    case Pattern::stencil3d: return "stencil3d";
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

void clamp_stencil3d(Stencil3dUi& s) {
  Stencil3dParams& p = s.params;
  p.order = std::clamp(p.order, 1, kMaxStencilOrder);
  const bool cube = p.strategy == Stencil3dStrategy::basic || p.strategy == Stencil3dStrategy::tiled;
  p.tile = std::clamp(p.tile, p.strategy == Stencil3dStrategy::basic ? 1 : 2 * p.order + 1, cube ? 10 : 32);
  s.iterations = std::clamp(s.iterations, 1, 64);
  if (s.grid == 0) return;  // not chosen yet: the view picks one for its backend
  s.grid = std::clamp(s.grid, 16, 512);
  p.width = p.height = p.depth = s.grid;
  s.slice = std::clamp(s.slice < 0 ? s.grid / 2 : s.slice, 0, s.grid - 1);
}

bool apply_stencil3d_key(UiState& s, unsigned int ch) {
  if (apply_common_key(s, ch)) return true;
  Stencil3dUi& st = s.stencil;
  switch (ch) {
    case '+': case '=': ++st.params.order; break;
    case '-': case '_': --st.params.order; break;
    case ']': ++st.params.tile; break;
    case '[': --st.params.tile; break;
    case '1': case '2': case '3': case '4':
      st.params.strategy = static_cast<Stencil3dStrategy>(ch - '1');
      st.params.tile = default_stencil_tile(st.params.strategy);
      break;
    case '<': case ',': st.slice = std::max(0, st.slice - 1); break;  // -1 would mean "the middle"
    case '>': ++st.slice; break;
    case 'r': case 'R': st.reset_requested = true; break;
    default: return false;
  }
  clamp_stencil3d(st);
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
