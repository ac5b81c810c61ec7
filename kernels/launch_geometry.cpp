#include "kernels/launch_geometry.hpp"

#include "kernels/conv2d_geometry.hpp"
#include "kernels/strategy_registry.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const Conv2dParams& p) {
  const Conv2dTiling g = tiling_of(p);
  LaunchGeometry l;
  l.grid = {g.grid_dim(p.width), g.grid_dim(p.height)};
  l.block = {g.block_dim(), g.block_dim()};
  l.threads_per_block = l.block.x * l.block.y;
  int active = 0;
  for (int t = 0; t < g.block_dim(); ++t) active += g.computes(t) ? 1 : 0;
  l.active_threads_per_block = active * active;
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * l.threads_per_block;
  // Threads own consecutive runs of outputs_per_thread() outputs per axis, from the image's edge.
  const int k = g.outputs_per_thread();
  l.threads_computing = std::int64_t((p.width + k - 1) / k) * ((p.height + k - 1) / k);
  l.in_tile_dim = g.in_tile_dim();
  l.out_tile_dim = g.out_tile_dim();
  l.shared_bytes = std::size_t(g.shared_dim()) * g.shared_dim() * sizeof(float);
  l.constant_bytes =
      strategy_info(p.strategy).filter_in_constant_memory ? p.filter_dim() * p.filter_dim() * sizeof(float) : 0;
  return l;
}

}  // namespace tilescope
