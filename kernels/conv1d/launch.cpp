#include "kernels/conv1d/model.hpp"

#include <algorithm>

#include "kernels/common/error.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const Conv1dParams& p) {
  const Conv1dTiling g = tiling_of(p);
  LaunchGeometry l;
  l.grid = {g.grid_dim(p.length), 1};
  l.block = {g.threads(), 1};
  l.threads_per_block = l.active_threads_per_block = g.threads();
  l.threads_launched = std::int64_t(l.grid.x) * g.threads();
  // Every thread of a full block computes; in the last block, those whose first output exists.
  const int rest = p.length - g.out_origin(l.grid.x - 1);
  const int spacing = g.out_coord(0, 1) - g.out_coord(0, 0);  // between neighbouring threads' first outputs
  l.threads_computing =
      l.grid.x == 0 ? 0
                    : std::int64_t(l.grid.x - 1) * g.threads() + std::min(g.threads(), (rest + spacing - 1) / spacing);
  l.in_tile_dim = g.in_tile_dim();
  l.out_tile_dim = g.block;
  l.shared_bytes = std::size_t(g.shared_dim()) * sizeof(float);
  l.constant_bytes = strategy_info(p.strategy).filter_in_constant_memory ? p.filter_dim() * sizeof(float) : 0;
  return l;
}

std::optional<std::string> launch_problem(const Conv1dParams& p, const DeviceLimits& limits) {
  using std::to_string;
  const int r = p.filter_radius;
  if (r < 1 || r > kMaxConv1dRadius)
    return "filter radius " + to_string(r) + " is out of range: supported radii are 1.." + to_string(kMaxConv1dRadius) +
           " (filters of 3 .. " + to_string(2 * kMaxConv1dRadius + 1) + " taps)";
  const int max_tile = std::min(kMaxConv1dTile, limits.max_threads_per_block);
  if (p.tile < kMinConv1dTile || p.tile > max_tile)
    return "block size (tile) " + to_string(p.tile) + " is out of range: a block has " + to_string(kMinConv1dTile) +
           " (one warp) to " + to_string(max_tile) + " threads on this device";
  if (p.strategy == Conv1dStrategy::fast && p.tile % kConv1dFastOutputsPerThread != 0)
    return "fast computes " + to_string(kConv1dFastOutputsPerThread) +
           " outputs per thread, so its tile (outputs per block) " + "must be a multiple of " +
           to_string(kConv1dFastOutputsPerThread) + ", not " + to_string(p.tile) + " (e.g. 1024: 128 threads)";
  if (p.length < 1) return "the signal is empty (length " + to_string(p.length) + ")";
  if (p.length > kMaxPixels)
    return "the signal has " + to_string(p.length) + " elements, more than " + to_string(kMaxPixels) +
           " (1 GiB as float32)";
  const LaunchGeometry l = launch_geometry(p);
  if (l.shared_bytes > limits.max_shared_bytes_per_block)
    return std::string(strategy_info(p.strategy).name) + " with " + to_string(p.tile) + " threads and radius " +
           to_string(r) + " needs " + to_string(l.shared_bytes) +
           " bytes of shared memory per block, but the device allows " + to_string(limits.max_shared_bytes_per_block);
  if (l.grid.x > limits.max_grid_x)
    return "the grid of " + to_string(l.grid.x) + " blocks exceeds the device's limit of " +
           to_string(limits.max_grid_x) + "; use a larger block";
  return std::nullopt;
}

}  // namespace tilescope
