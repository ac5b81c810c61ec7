#include "app/stencil3d/ui.hpp"

#include <algorithm>

#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

DeviceLimits gpu_of(const Stencil3dUi& st) {
  DeviceLimits gpu;
  gpu.sm_count = st.sm_count, gpu.l2_bytes = st.l2_bytes;
  return gpu;
}

int default_tile(const Stencil3dUi& st, Stencil3dStrategy strategy) {
  Stencil3dParams p = st.params;
  p.strategy = strategy;
  return default_tile(p, gpu_of(st));
}

void select_strategy(Stencil3dUi& st, Stencil3dStrategy strategy) {
  st.params.tile = default_tile(st, strategy);
  st.params.strategy = strategy;
}

std::pair<int, int> tile_range(const Stencil3dParams& p) {
  if (p.strategy == Stencil3dStrategy::temporal) return {1, kMaxStencil3dGrid};
  const bool cube = p.strategy == Stencil3dStrategy::basic || p.strategy == Stencil3dStrategy::tiled;
  return {p.strategy == Stencil3dStrategy::basic ? 1 : 2 * p.order + 1, cube ? 10 : 32};
}

void clamp(Stencil3dUi& st) {
  Stencil3dParams& p = st.params;
  p.order = std::clamp(p.order, 1, kMaxStencil3dRadius);
  const auto [lo, hi] = tile_range(p);
  p.tile = std::clamp(p.tile, lo, hi);
  st.iterations = std::clamp(st.iterations, 1, kMaxStepsPerFrame);
  if (st.bug != Break::none && break_problem(p.strategy, st.bug)) st.bug = Break::none;
  p.steps = st.bug != Break::none ? 1 : std::clamp(std::min(st.iterations, st.launch_steps), 1, kMaxStencil3dSteps);
  if (st.grid == 0) return;  // not chosen yet: the view picks one for its backend
  st.grid = std::clamp(st.grid, kMinStencil3dGrid, kMaxStencil3dGrid);
  p.width = p.height = p.depth = st.grid;
  if (p.strategy == Stencil3dStrategy::temporal)
    p.tile = std::min(p.tile, st.grid);  // a chunk past the depth: the same launch
  st.slice = std::clamp(st.slice < 0 ? st.grid / 2 : st.slice, 0, st.grid - 1);
}

bool apply_key(Stencil3dUi& st, unsigned int ch) {
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
    case '5': select_strategy(st, static_cast<Stencil3dStrategy>(ch - '1')); break;
    case '<':
    case ',': st.slice = std::max(0, st.slice - 1); break;  // -1 would mean "the middle"
    case '>': ++st.slice; break;
    case 'r':
    case 'R': st.reset_requested = true; break;
    case 't':
    case 'T': st.stepper.on = !st.stepper.on; break;
    default: return false;
  }
  clamp(st);
  return true;
}

}  // namespace tilescope
