#include "app/ui/ui_state.hpp"

#include <algorithm>

#include "app/ui/compare.hpp"

#include "kernels/conv1d/broken.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/strategies.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

std::optional<Pixel> focus_pixel(const UiState& s) { return s.pinned ? s.pinned : s.hover; }

void clamp_params(UiState& s) {
  s.conv2d.params.filter_radius = std::clamp(s.conv2d.params.filter_radius, 1, kMaxConv2dRadius);
  // sliding's tile is a strip of rows (one warp per 128 columns), the others' a block side.
  s.conv2d.params.tile =
      std::clamp(s.conv2d.params.tile, 1, s.conv2d.params.strategy == Conv2dStrategy::sliding ? kMaxSlidingStrip : 32);
}

void drop_breaks_that_cannot_run(UiState& s) {
  if (s.conv2d.bug != Break::none && break_problem(s.conv2d.params.strategy, s.conv2d.bug)) s.conv2d.bug = Break::none;
  if (s.conv1d.bug != Break::none && break_problem(s.conv1d.params.strategy, s.conv1d.bug)) s.conv1d.bug = Break::none;
  if (s.stencil.bug != Break::none && break_problem(s.stencil.params.strategy, s.stencil.bug))
    s.stencil.bug = Break::none;
}

bool broken_on_purpose(const UiState& s) {
  return (s.pattern == Pattern::conv2d && s.conv2d.bug != Break::none) ||
         (s.pattern == Pattern::conv1d && s.conv1d.bug != Break::none) ||
         (s.pattern == Pattern::stencil3d && s.stencil.bug != Break::none);
}

namespace {
// A view's GPU as its settings know it (0: none, or not known yet).
DeviceLimits gpu_of(const Conv2dUi& c) {
  DeviceLimits gpu;
  gpu.sm_count = c.sm_count;
  return gpu;
}
DeviceLimits gpu_of(const Stencil3dUi& st) {
  DeviceLimits gpu;
  gpu.sm_count = st.sm_count, gpu.l2_bytes = st.l2_bytes;
  return gpu;
}

// The view's settings `now` after the last frame's, `before`. Only where the parameters or the GPU
// changed (not every frame) does it ask for bench's tiles.
template <class Ui>
void follow_default(Ui& now, const Ui& before) {
  const DeviceLimits gpu = gpu_of(now), was = gpu_of(before);
  const bool changed = !(now.params == before.params) || gpu.sm_count != was.sm_count || gpu.l2_bytes != was.l2_bytes;
  if (!changed || now.params.strategy != before.params.strategy || now.params.tile != before.params.tile ||
      before.params.tile != default_tile(before.params, was))
    return;
  now.params.tile = default_tile(now.params, gpu);
}
}  // namespace

void select_strategy(UiState& s, Conv2dStrategy strategy) {
  const int r = s.conv2d.params.filter_radius;
  // sliding's strip comes from the image and the GPU (sliding_strip_for), as bench's does; the
  // others keep the tile unless their default differs.
  Conv2dParams next = s.conv2d.params;
  next.strategy = strategy;
  if (strategy == Conv2dStrategy::sliding || default_tile(strategy, r) != default_tile(s.conv2d.params.strategy, r))
    next.tile = default_tile(next, gpu_of(s.conv2d));
  s.conv2d.params = next;
}

int stencil3d_default_tile(const Stencil3dUi& st, Stencil3dStrategy strategy) {
  Stencil3dParams p = st.params;
  p.strategy = strategy;
  return default_tile(p, gpu_of(st));
}

void select_strategy(UiState& s, Stencil3dStrategy strategy) {
  s.stencil.params.tile = stencil3d_default_tile(s.stencil, strategy);
  s.stencil.params.strategy = strategy;
}

void follow_default_tile(Stencil3dUi& st, const Stencil3dUi& before) { follow_default(st, before); }

void follow_default_tile(Conv2dUi& c, const Conv2dUi& before) { follow_default(c, before); }

const char* const* pattern_labels() {
  static const char* const labels[kPatternCount] = {
      "2D convolution (PMPP ch 7)", "3D stencil: heat diffusion (PMPP ch 8)", "1D convolution (PMPP ch 7)",
      "Tiled matrix multiplication (PMPP ch 5)"};
  return labels;
}

const char* const* pattern_ids() {
  static const char* const ids[kPatternCount] = {"conv2d", "stencil3d", "conv1d", "matmul"};  // in Pattern's order
  return ids;
}

const char* pattern_id(Pattern p) { return in_range(int(p), kPatternCount) ? pattern_ids()[int(p)] : "?"; }

bool apply_common_key(UiState& s, unsigned int ch) {
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
    case 'p':
    case 'P': s.pattern = Pattern((int(s.pattern) + 1) % kPatternCount); return true;
    case 'c':
    case 'C': toggle_compare(s); return true;
    default: return false;
  }
}

bool apply_key(UiState& s, unsigned int ch) {
  if (apply_common_key(s, ch)) return true;
  switch (ch) {
    case '+':
    case '=': ++s.conv2d.params.filter_radius; break;
    case '-':
    case '_': --s.conv2d.params.filter_radius; break;
    case ']':
      s.conv2d.params.tile = s.conv2d.params.tile < 8 ? s.conv2d.params.tile + 1 : s.conv2d.params.tile * 2;
      break;  // clamped below
    case '[':
      s.conv2d.params.tile = s.conv2d.params.tile <= 8 ? s.conv2d.params.tile - 1 : s.conv2d.params.tile / 2;
      break;
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8': select_strategy(s, static_cast<Conv2dStrategy>(ch - '1')); break;
    case 'v':
    case 'V': s.view = static_cast<ViewMode>((int(s.view) + 1) % 4); break;
    default: return apply_stepper_key(s.conv2d.stepper, ch);
  }
  clamp_params(s);
  return true;
}

void clamp_stencil3d(Stencil3dUi& s) {
  Stencil3dParams& p = s.params;
  p.order = std::clamp(p.order, 1, kMaxStencil3dRadius);
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
    case '+':
    case '=': ++st.params.order; break;
    case '-':
    case '_': --st.params.order; break;
    case ']': ++st.params.tile; break;
    case '[': --st.params.tile; break;
    case '1':
    case '2':
    case '3':
    case '4':
    case '5': select_strategy(s, static_cast<Stencil3dStrategy>(ch - '1')); break;
    case '<':
    case ',': st.slice = std::max(0, st.slice - 1); break;  // -1 would mean "the middle"
    case '>': ++st.slice; break;
    case 'r':
    case 'R': st.reset_requested = true; break;
    case 't':
    case 'T': st.stepper.on = !st.stepper.on; break;
    default: return false;
  }
  clamp_stencil3d(st);
  return true;
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

const char* const* view_names() {
  static const char* const names[] = {"input", "output", "split", "diff"};  // in ViewMode's order
  return names;
}

const char* view_name(ViewMode v) { return in_range(int(v), 4) ? view_names()[int(v)] : "?"; }

const char* const* demo_scene_names() {
  static const char* const names[kDemoSceneCount] = {"mixed", "checker", "rings", "impulses"};  // DemoScene's order
  return names;
}

const char* const* missing_barrier_names() {
  static const char* const names[] = {"none", "raw", "war"};  // in MissingBarrier's order
  return names;
}

void clamp_conv1d(Conv1dUi& c) {
  c.params.filter_radius = std::clamp(c.params.filter_radius, 1, kMaxConv1dRadius);
  c.params.tile = std::clamp(c.params.tile, kMinConv1dTile, kMaxConv1dTile);
  c.params.length = std::clamp(c.params.length, 32, 1 << 16);
}

void clamp_matmul(MatmulUi& m) {
  MatmulParams& p = m.params;
  // fast's tile is its block tile's width, 128 or 256; the others' TILE_WIDTH. A tile left from the
  // other kind becomes the strategy's default.
  if (p.strategy == MatmulStrategy::fast ? !matmul_fast_tile_ok(p.tile) : matmul_fast_tile_ok(p.tile))
    p.tile = default_tile(p.strategy, 0);
  if (p.strategy != MatmulStrategy::fast) p.tile = std::clamp(p.tile, kMinMatmulTile, kMaxMatmulTile);
  p.rows = std::clamp(p.rows, 1, 96), p.inner = std::clamp(p.inner, 1, 96), p.cols = std::clamp(p.cols, 1, 96);
  m.phase = std::clamp(m.phase, 0, tiling_of(p).phases(p.inner) - 1);
  m.step = std::clamp(m.step, 0, kMatmulSteps - 1);
}

const char* matmul_step_name(int step) {
  static const char* const names[kMatmulSteps] = {"load Mds, Nds", "barrier 1 (read-after-write)", "multiply the tiles",
                                                  "barrier 2 (write-after-read)"};
  return names[step];
}

bool apply_conv1d_key(UiState& s, unsigned int ch) {
  if (apply_common_key(s, ch)) return true;
  Conv1dParams& p = s.conv1d.params;
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
    default: return apply_stepper_key(s.conv1d.stepper, ch);
  }
  clamp_conv1d(s.conv1d);
  return true;
}

bool apply_matmul_key(UiState& s, unsigned int ch) {
  if (apply_common_key(s, ch)) return true;
  MatmulUi& m = s.matmul;
  const int phases = tiling_of(m.params).phases(m.params.inner);
  const int at = m.phase * kMatmulSteps + m.step, last = phases * kMatmulSteps - 1;
  switch (ch) {
    case ']':
    case '[':
      if (m.params.strategy == MatmulStrategy::fast)
        m.params.tile = ch == ']' ? kMatmulFastWideTile : kMatmulFastNarrowTile;
      else
        m.params.tile += ch == ']' ? 1 : -1;
      break;
    case '1':
    case '2':
    case '3': m.params.strategy = static_cast<MatmulStrategy>(ch - '1'); break;
    case '>':
    case '<': {
      const int next = std::clamp(at + (ch == '>' ? 1 : -1), 0, last);
      m.phase = next / kMatmulSteps, m.step = next % kMatmulSteps;
      break;
    }
    case 'b':
    case 'B': m.missing = MissingBarrier((int(m.missing) + 1) % 3); break;
    default: return false;
  }
  clamp_matmul(m);
  return true;
}

}  // namespace tilescope
