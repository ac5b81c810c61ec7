#include "kernels/launch_geometry.hpp"

#include "kernels/conv2d_geometry.hpp"
#include "kernels/strategy_registry.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const Conv2dParams& p) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  LaunchGeometry l;
  l.grid = {gx.grid_dim(p.width), gy.grid_dim(p.height)};
  l.block = {gx.block_dim(), gy.block_dim()};
  if (p.strategy == Conv2dStrategy::sliding) {  // a block holds kSlidingWarpsPerBlock warp tiles side by side
    l.grid.x = (l.grid.x + kSlidingWarpsPerBlock - 1) / kSlidingWarpsPerBlock;
    l.block.x *= kSlidingWarpsPerBlock;
  }
  l.threads_per_block = l.block.x * l.block.y;
  int active_x = 0, active_y = 0;
  for (int t = 0; t < gx.block_dim(); ++t) active_x += gx.computes(t) ? 1 : 0;
  for (int t = 0; t < gy.block_dim(); ++t) active_y += gy.computes(t) ? 1 : 0;
  l.active_threads_per_block = active_x * active_y * (l.block.x / gx.block_dim());
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * l.threads_per_block;
  // Threads own consecutive runs of outputs_per_thread() outputs per axis, from the image's edge.
  const int kx = gx.outputs_per_thread(), ky = gy.outputs_per_thread();
  l.threads_computing = std::int64_t((p.width + kx - 1) / kx) * ((p.height + ky - 1) / ky);
  l.in_tile_dim = gx.in_tile_dim();
  l.out_tile_dim = gx.out_tile_dim();
  l.in_tile_dim_y = gy.in_tile_dim();
  l.out_tile_dim_y = gy.out_tile_dim();
  l.shared_bytes = p.strategy == Conv2dStrategy::sliding ? 0 : std::size_t(gx.shared_dim()) * gy.shared_dim() * sizeof(float);
  l.constant_bytes =
      strategy_info(p.strategy).filter_in_constant_memory ? p.filter_dim() * p.filter_dim() * sizeof(float) : 0;
  return l;
}

}  // namespace tilescope
