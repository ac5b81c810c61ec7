#include "kernels/conv2d/model.hpp"

#include <cmath>

#include "kernels/common/error.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const Conv2dParams& p) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  LaunchGeometry l;
  // sliding: a CUDA block holds several warp tiles side by side (Conv2dTiling::tiles_per_block).
  l.grid = {gx.cuda_grid_dim(p.width), gy.cuda_grid_dim(p.height)};
  l.block = {gx.cuda_block_dim(), gy.cuda_block_dim()};
  l.threads_per_block = l.block.x * l.block.y;
  int active_x = 0, active_y = 0;
  for (int t = 0; t < gx.block_dim(); ++t) active_x += gx.computes(t) ? 1 : 0;
  for (int t = 0; t < gy.block_dim(); ++t) active_y += gy.computes(t) ? 1 : 0;
  l.active_threads_per_block = active_x * active_y * gx.tiles_per_block() * gy.tiles_per_block();
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * l.threads_per_block;
  // Threads own consecutive runs of outputs_per_thread() outputs per axis, from the image's edge.
  const int kx = gx.outputs_per_thread(), ky = gy.outputs_per_thread();
  l.threads_computing = std::int64_t((p.width + kx - 1) / kx) * ((p.height + ky - 1) / ky);
  l.in_tile_dim = gx.in_tile_dim();
  l.out_tile_dim = gx.out_tile_dim();
  l.in_tile_dim_y = gy.in_tile_dim();
  l.out_tile_dim_y = gy.out_tile_dim();
  // separable keeps its row pass's intermediate tile beside the staged input, or from r = 5 over
  // it (separable_in_place); sliding keeps its cells in registers.
  const std::size_t staged = p.strategy == Conv2dStrategy::sliding ? 0 : std::size_t(gx.shared_dim()) * gy.shared_dim(),
                    intermediate = gx.separable() && !separable_in_place(p.filter_radius)
                                       ? std::size_t(gx.row_pass_dim()) * gy.row_pass_dim()
                                       : 0;
  l.shared_bytes = (staged + intermediate) * sizeof(float);
  // separable's kernel reads the filter's row and column (2 x (2r+1) weights), the others all of it.
  const std::size_t weights = gx.separable() ? 2 * p.filter_dim() : p.filter_dim() * p.filter_dim();
  l.constant_bytes = strategy_info(p.strategy).filter_in_constant_memory ? weights * sizeof(float) : 0;
  return l;
}

std::optional<std::string> launch_problem(const Conv2dParams& p, const DeviceLimits& limits) {
  using std::to_string;
  const std::string strategy(strategy_info(p.strategy).name);
  const int r = p.filter_radius;
  if (r < 1 || r > kMaxConv2dRadius)
    return "filter radius " + to_string(r) + " is out of range: supported radii are 1.." + to_string(kMaxConv2dRadius) +
           " (filters 3x3 .. " + to_string(2 * kMaxConv2dRadius + 1) + "x" + to_string(2 * kMaxConv2dRadius + 1) + ")";
  if (p.strategy == Conv2dStrategy::sliding && r > kSlidingMaxRadius)
    return "sliding keeps the 2r+1 rows of sums in flight in registers, which fit only for radius <= " +
           to_string(kSlidingMaxRadius) + " (radius " + to_string(r) + " asked); use fast for larger filters";
  if (p.tile < 1) return "tile " + to_string(p.tile) + " is too small: a block needs at least 1x1 threads";
  if (p.strategy == Conv2dStrategy::sliding && p.tile > kMaxSlidingStrip)
    return "sliding: a strip of " + to_string(p.tile) + " rows is longer than the longest it marches (" +
           to_string(kMaxSlidingStrip) + " rows)";
  if (p.strategy != Conv2dStrategy::sliding && static_cast<long long>(p.tile) * p.tile > limits.max_threads_per_block) {
    const int max_tile = static_cast<int>(std::sqrt(double(limits.max_threads_per_block)));
    return "tile " + to_string(p.tile) + " needs a " + to_string(p.tile) + "x" + to_string(p.tile) + " = " +
           to_string(static_cast<long long>(p.tile) * p.tile) + "-thread block, but the device allows at most " +
           to_string(limits.max_threads_per_block) + " threads per block (tile <= " + to_string(max_tile) + ")";
  }
  if (p.strategy == Conv2dStrategy::separable && p.tile > kSeparableMaxTile)
    return "separable: tile " + to_string(p.tile) + " needs " + to_string(p.tile) + "x" + to_string(p.tile) +
           " threads, but its kernel is built for at most " + to_string(kSeparableMaxTile) + "x" +
           to_string(kSeparableMaxTile) + " (its staged and intermediate tiles fill shared memory beyond that)";
  if (p.strategy == Conv2dStrategy::tiled_in && p.tile <= 2 * r)
    return "tiled_in: the input tile (" + to_string(p.tile) + ") must be wider than the two halos (2 x " +
           to_string(r) + " = " + to_string(2 * r) + "), or its output tile " + to_string(p.tile) + " - " +
           to_string(2 * r) + " has no pixels; use tile >= " + to_string(2 * r + 1) + " or a smaller radius";
  if (p.width < 1 || p.height < 1) return "image size " + to_string(p.width) + "x" + to_string(p.height) + " is empty";
  if (static_cast<long long>(p.width) * p.height > kMaxPixels)
    return "image " + to_string(p.width) + "x" + to_string(p.height) + " has more than " + to_string(kMaxPixels) +
           " pixels (1 GiB as float32)";
  if (const long long pitch = conv2d_row_pitch(p.strategy, p.width); pitch * p.height > kMaxPixels)
    return strategy + " pads each row of " + to_string(p.width) + " pixels to " + to_string(pitch) +
           " (a float4): the padded image has more than " + to_string(kMaxPixels) +
           " pixels (1 GiB as float32); use a width that is a multiple of 4 or another strategy";

  const LaunchGeometry l = launch_geometry(p);
  if (l.shared_bytes > limits.max_shared_bytes_per_block)
    return strategy + " with tile " + to_string(p.tile) + " and radius " + to_string(r) + " needs " +
           to_string(l.shared_bytes) + " bytes of shared memory per block, but the device allows " +
           to_string(limits.max_shared_bytes_per_block) +
           (tiling_of(p, 0).coarsened() ? " (" + strategy +
                                              "'s block of tile x tile threads covers 4 x tile outputs per side; "
                                              "use a smaller tile, e.g. 16)"
                                        : std::string());
  if (l.grid.x > limits.max_grid_x || l.grid.y > limits.max_grid_y)
    return "the grid " + to_string(l.grid.x) + "x" + to_string(l.grid.y) + " exceeds the device's limit of " +
           to_string(limits.max_grid_x) + "x" + to_string(limits.max_grid_y) + " blocks; use a larger tile";
  return std::nullopt;
}

}  // namespace tilescope
