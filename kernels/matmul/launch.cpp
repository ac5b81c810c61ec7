#include "kernels/matmul/model.hpp"

#include "kernels/common/error.hpp"
#include "kernels/matmul/geometry.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const MatmulParams& p) {
  const MatmulTiling g = tiling_of(p);
  LaunchGeometry l;
  l.grid = {g.grid_cols(p.cols), g.grid_rows(p.rows)};
  l.out_tile_dim = g.tile_rows;
  l.in_tile_dim = g.depth;
  if (p.strategy == MatmulStrategy::fast) {
    l.block = {g.fast_threads(), 1};
    // fast_stages() stages of Ms[depth][tile rows + pad] and Ns[depth][tile columns].
    l.shared_bytes =
        std::size_t(g.fast_stages()) * g.depth * (g.tile_rows + kMatmulFastPad + g.tile_cols) * sizeof(float);
    // Threads whose first output lies inside P. Each pair of a first row and a first column in the
    // tile is one thread's (fast_thread), so the count is the product of the first rows inside P
    // over the block rows (one thread each: those whose first column is the tile's) and the first
    // columns inside P over the block columns (those whose first row is the tile's).
    std::int64_t rows_in = 0, cols_in = 0;
    for (int t = 0; t < g.fast_threads(); ++t) {
      const int r = g.fast_row(0, t, 0), c = g.fast_col(0, t, 0);
      for (int by = 0; c == 0 && by < g.grid_rows(p.rows); ++by) rows_in += g.row_of(by, r) < p.rows;
      for (int bx = 0; r == 0 && bx < g.grid_cols(p.cols); ++bx) cols_in += g.col_of(bx, c) < p.cols;
    }
    l.threads_computing = rows_in * cols_in * g.slices;  // each slice's threads sum their phases
  } else {
    l.block = {g.tile_rows, g.tile_rows};
    l.shared_bytes =
        p.strategy == MatmulStrategy::tiled ? 2 * std::size_t(g.tile_rows) * g.tile_rows * sizeof(float) : 0;
    l.threads_computing = std::int64_t(p.rows) * p.cols;
  }
  l.threads_per_block = l.active_threads_per_block = l.block.x * l.block.y;
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * g.slices * l.threads_per_block;
  return l;
}

std::optional<std::string> tile_problem(const MatmulParams& p) {
  using std::to_string;
  const std::string T = to_string(p.tile);
  if (p.strategy == MatmulStrategy::fast) {  // its tile is its block tile's columns
    if (matmul_fast_tile_ok(p.tile)) return std::nullopt;
    return "fast's block tile is 128 x 128 or 128 x 256: use tile 128 or 256, not " + T;
  }
  if (p.tile < kMinMatmulTile || p.tile > kMaxMatmulTile)
    return "TILE_WIDTH (tile) " + T + " is out of range: use " + to_string(kMinMatmulTile) + ".." +
           to_string(kMaxMatmulTile) + " (a block is TILE_WIDTH x TILE_WIDTH threads)";
  return std::nullopt;
}

namespace {
// Split-K is fast's: 1..kMatmulFastMaxSlices slices of whole phases, none empty.
std::optional<std::string> slices_problem(const MatmulParams& p) {
  using std::to_string;
  if (p.slices == 1) return std::nullopt;
  if (p.strategy != MatmulStrategy::fast) return "split-K (" + to_string(p.slices) + " slices) is fast's alone";
  if (p.slices < 1 || p.slices > kMatmulFastMaxSlices)
    return "split-K takes 1.." + to_string(kMatmulFastMaxSlices) + " slices, not " + to_string(p.slices);
  const MatmulTiling g = tiling_of(p);
  if (p.inner >= 1 && !matmul_slices_fill(g, p.inner))
    return "split-K in " + to_string(p.slices) + " slices leaves one without a phase: K " + to_string(p.inner) +
           " is " + to_string(g.phases(p.inner)) + (g.phases(p.inner) == 1 ? " phase" : " phases") + " of " +
           to_string(g.depth);
  return std::nullopt;
}
}  // namespace

std::optional<std::string> launch_problem(const MatmulParams& p, const DeviceLimits& limits) {
  using std::to_string;
  const std::string T = to_string(p.tile);
  const bool uses_tile = p.strategy != MatmulStrategy::fast;  // fast's tile is its block tile's columns
  if (auto problem = tile_problem(p)) return problem;
  if (auto problem = slices_problem(p)) return problem;
  if (uses_tile && p.tile * p.tile > limits.max_threads_per_block)
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
    return std::string(uses_tile ? "Mds and Nds at TILE_WIDTH " + T : "fast's Ms and Ns") + " need " +
           to_string(l.shared_bytes) + " bytes of shared memory per block, but the device allows " +
           to_string(limits.max_shared_bytes_per_block);
  if (l.grid.x > limits.max_grid_x || l.grid.y > limits.max_grid_y)
    return "the grid " + to_string(l.grid.x) + "x" + to_string(l.grid.y) + " exceeds the device's limit of " +
           to_string(limits.max_grid_x) + "x" + to_string(limits.max_grid_y) + " blocks; " +
           (uses_tile ? "use a larger tile" : "fast's block tiles are 128 rows high, so P has too many rows");
  return std::nullopt;
}

}  // namespace tilescope
