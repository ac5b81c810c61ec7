#include "kernels/stencil3d/strategies.hpp"

#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {

extern const std::string_view kStencil3dStrategiesMd;  // strategies.md, built in

std::vector<Stencil3dStrategyInfo> strategy_rows(Stencil3dStrategy) {
  auto rows =
      read_strategy_rows<Stencil3dStrategy>(kStencil3dStrategiesMd, kStencil3dStrategyCount, kMaxStencil3dRadius);
  // fast's z chunk follows the order (fast_longest_chunk).
  rows[int(Stencil3dStrategy::fast)].default_tile_at_radius = fast_longest_chunk;
  return rows;
}

int default_tile(const Stencil3dParams& p, const DeviceLimits& limits) {
  if (p.strategy == Stencil3dStrategy::temporal)  // its z chunk: the whole depth, split to fill the GPU's SMs
    return temporal_chunk_for(p.order, p.steps, p.width, p.height, p.depth, limits.sm_count);
  if (p.strategy != Stencil3dStrategy::fast) return default_tile(p.strategy, p.order);
  return fast_chunk_for(p.order, p.width, p.height, p.depth, limits.sm_count, limits.l2_bytes, limits.max_grid_z);
}

}  // namespace tilescope
