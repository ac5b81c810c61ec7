#include "kernels/matmul_launch.hpp"

#include "kernels/error.hpp"
#include "kernels/matmul_geometry.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const MatmulParams& p) {
  const MatmulTiling g = tiling_of(p);
  LaunchGeometry l;
  l.grid = {g.grid_dim(p.cols), g.grid_dim(p.rows)};
  l.block = {g.tile, g.tile};
  l.threads_per_block = l.active_threads_per_block = g.tile * g.tile;
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * l.threads_per_block;
  l.threads_computing = std::int64_t(p.rows) * p.cols;
  l.in_tile_dim = l.out_tile_dim = g.tile;
  l.shared_bytes = p.strategy == MatmulStrategy::tiled ? 2 * std::size_t(g.tile) * g.tile * sizeof(float) : 0;
  return l;
}

std::optional<std::string> matmul_problem(const MatmulParams& p, const DeviceLimits& limits) {
  using std::to_string;
  const std::string T = to_string(p.tile);
  if (p.tile < kMinMatmulTile || p.tile > kMaxMatmulTile)
    return "TILE_WIDTH (tile) " + T + " is out of range: use " + to_string(kMinMatmulTile) + ".." +
           to_string(kMaxMatmulTile) + " (a block is TILE_WIDTH x TILE_WIDTH threads)";
  if (p.tile * p.tile > limits.max_threads_per_block)
    return "TILE_WIDTH " + T + " needs " + to_string(p.tile * p.tile) +
           " threads per block, but the device allows at most " + to_string(limits.max_threads_per_block);
  if (p.rows < 1 || p.inner < 1 || p.cols < 1)
    return "matrix sizes must be at least 1: got M " + to_string(p.rows) + "x" + to_string(p.inner) + ", N " +
           to_string(p.inner) + "x" + to_string(p.cols);
  const long long m = 1LL * p.rows * p.inner, n = 1LL * p.inner * p.cols, out = 1LL * p.rows * p.cols;
  if (m > kMaxPixels || n > kMaxPixels || out > kMaxPixels)
    return "a matrix of M " + to_string(p.rows) + "x" + to_string(p.inner) + ", N " + to_string(p.inner) + "x" +
           to_string(p.cols) + " and P " + to_string(p.rows) + "x" + to_string(p.cols) + " has more than " +
           to_string(kMaxPixels) + " elements (1 GiB as float32)";
  const LaunchGeometry l = launch_geometry(p);
  if (l.shared_bytes > limits.max_shared_bytes_per_block)
    return "Mds and Nds at TILE_WIDTH " + T + " need " + to_string(l.shared_bytes) +
           " bytes of shared memory per block, but the device allows " + to_string(limits.max_shared_bytes_per_block);
  if (l.grid.x > limits.max_grid_x || l.grid.y > limits.max_grid_y)
    return "the grid " + to_string(l.grid.x) + "x" + to_string(l.grid.y) + " exceeds the device's limit of " +
           to_string(limits.max_grid_x) + "x" + to_string(limits.max_grid_y) + " blocks; use a larger tile";
  return std::nullopt;
}

void validate_matmul(const MatmulParams& p, const DeviceLimits& limits) {
  if (auto problem = matmul_problem(p, limits)) throw InvalidInput(*problem);
}

}  // namespace tilescope
