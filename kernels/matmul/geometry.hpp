#pragma once
// Launch geometry of every matmul strategy: THE single source of which thread computes which
// P elements and, for tiled and fast, which M and N elements each thread loads into shared
// memory in each phase. The CUDA kernels index with these helpers; the traffic count and the
// view read them.
#include "kernels/common/hd.hpp"
#include "kernels/common/in_range.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

struct MatmulTiling {
  int tile_rows;  // the block's tile of P: TILE_WIDTH x TILE_WIDTH, or fast's 128 x 128 or 128 x 256
  int tile_cols;
  int depth;       // a phase's strip of the inner dimension: TILE_WIDTH, or fast's 8
  int slices = 1;  // fast's split-K: blockIdx.z runs phases slice_first(z) .. slice_end(z) - 1

  // naive and tiled: block (bx, by), thread (tx, ty) computes P[row][col].
  TS_HD int row_of(int by, int ty) const { return by * tile_rows + ty; }
  TS_HD int col_of(int bx, int tx) const { return bx * tile_cols + tx; }
  TS_HD int grid_rows(int rows) const { return (rows + tile_rows - 1) / tile_rows; }
  TS_HD int grid_cols(int cols) const { return (cols + tile_cols - 1) / tile_cols; }
  // The block (blockIdx.y / blockIdx.x) whose tile holds a row / column, and the row / column past
  // the tile's end. naive and tiled: the thread is (col - col_of(bx, 0), row - row_of(by, 0)).
  TS_HD int block_row(int row) const { return row / tile_rows; }
  TS_HD int block_col(int col) const { return col / tile_cols; }
  TS_HD int row_tile_end(int row) const { return (block_row(row) + 1) * tile_rows; }
  TS_HD int col_tile_end(int col) const { return (block_col(col) + 1) * tile_cols; }
  // Phases: strips of `depth` along the inner dimension.
  TS_HD int phases(int inner) const { return (inner + depth - 1) / depth; }
  // tiled: in phase ph, thread (tx, ty) loads Mds[ty][tx] = M[row_of(by, ty)][phase_k(ph, tx)] and
  // Nds[ty][tx] = N[phase_k(ph, ty)][col_of(bx, tx)]; outside the matrix it stores 0 without a load.
  TS_HD int phase_k(int ph, int t) const { return ph * depth + t; }
  TS_HD int phase_end(int ph) const { return phase_k(ph + 1, 0); }  // one past phase ph's last k
  // Split-K: slice z of `slices` runs slice_phases(inner) consecutive phases (the last one fewer).
  TS_HD int slice_phases(int inner) const { return (phases(inner) + slices - 1) / slices; }
  TS_HD int slice_first(int z, int inner) const { return z * slice_phases(inner); }
  TS_HD int slice_end(int z, int inner) const {
    const int end = slice_first(z + 1, inner), all = phases(inner);
    return end < all ? end : all;
  }

  // fast: a block of fast_threads() threads (threadIdx.x = t), one per column of the tile, is warps
  // w = t / 32, each computing a 64 x 64 warp tile of the block's tile, row by row: warp row w / W, warp
  // column w % W, W = fast_warps_across(). Lane l = t % 32 computes 16 x 8 of its warp's tile: rows fast_row(by, t, i),
  // i = 0..15, four groups of 4 consecutive rows 16 apart starting at 4 (l / 8); columns
  // fast_col(bx, t, j), j = 0..7, two groups of 4 consecutive columns 32 apart starting at 4 (l % 8).
  // So for each k a warp reads 4 distinct float4s of M's column and 8 of N's row from shared memory:
  // one wavefront each.
  TS_HD constexpr int fast_threads() const { return tile_cols; }
  // Stages of shared memory: 4 for the 128-wide tile, 3 for the 256-wide one (33 and 37 KB, under the
  // 48 KB of a static allocation), so kernels keep 3 or 2 phases' copies in flight.
  TS_HD constexpr int fast_stages() const { return tile_cols == kMatmulFastNarrowTile ? 4 : 3; }
  TS_HD int fast_warps_across() const { return tile_cols / kMatmulFastWarpTile; }
  TS_HD int fast_warp_row(int by, int t) const {
    return by * tile_rows + t / 32 / fast_warps_across() * kMatmulFastWarpTile;
  }
  TS_HD int fast_warp_col(int bx, int t) const {
    return bx * tile_cols + t / 32 % fast_warps_across() * kMatmulFastWarpTile;
  }
  TS_HD int fast_row(int by, int t, int i) const { return fast_warp_row(by, t) + i / 4 * 16 + t % 32 / 8 * 4 + i % 4; }
  TS_HD int fast_col(int bx, int t, int j) const { return fast_warp_col(bx, t) + j / 4 * 32 + t % 8 * 4 + j % 4; }
  // The inverse: the thread computing P[row][col], and which of its outputs it is.
  TS_HD int fast_thread(int row, int col) const {
    const int r = row % tile_rows, c = col % tile_cols;
    return (r / kMatmulFastWarpTile * fast_warps_across() + c / kMatmulFastWarpTile) * 32 + r % 16 / 4 * 8 + c % 32 / 4;
  }
  TS_HD int fast_output_row(int row) const { return row % 64 / 16 * 4 + row % 4; }  // i
  TS_HD int fast_output_col(int col) const { return col % 64 / 32 * 4 + col % 4; }  // j
  // fast's copies into shared memory in each phase (cp.async, fast_stages() stages):
  // - M: thread t copies the elements M[row][k], row = row_of(by, fast_m_row(t, c)), c = 0..7 (0..3 at
  //   256 threads),
  //   k = phase_k(ph, fast_m_k(t)), into Ms[k][row] (transposed: a warp copies 4 rows x 8 k);
  // - N, rows of whole float4s (matmul_fast_float4_rows): the 2 float4s N[k][col .. col + 3] at
  //   k = phase_k(ph, fast_n_k(t, c)), col = col_of(bx, fast_n_col(t)), c = 0, 1; otherwise the 8
  //   elements N[phase_k(ph, fast_n_k_element(c))][col_of(bx, fast_n_col_element(t))], c = 0..7 (a
  //   thread per column). Outside the matrices the copy writes a zero and reads nothing.
  TS_HD int fast_m_row(int t, int c) const { return t / depth + c * (fast_threads() / depth); }
  TS_HD int fast_m_k(int t) const { return t % depth; }
  TS_HD int fast_n_k(int t, int c) const { return t / (tile_cols / 4) + c * (fast_threads() / (tile_cols / 4)); }
  TS_HD int fast_n_col(int t) const { return t % (tile_cols / 4) * 4; }
  TS_HD int fast_n_k_element(int c) const { return c; }
  TS_HD int fast_n_col_element(int t) const { return t; }
};

// fast copies N's rows 16 bytes at a time, and stores P's as float4s, where they are whole float4s:
// cols a multiple of 4 (cudaMalloc aligns the first row). M's copies are 4 bytes in any case: they
// transpose.
TS_HD bool matmul_fast_float4_rows(const MatmulParams& p) { return p.cols % 4 == 0; }

TS_HD MatmulTiling tiling_of(const MatmulParams& p) {
  if (p.strategy == MatmulStrategy::fast) return MatmulTiling{kMatmulFastTileRows, p.tile, kMatmulFastDepth, p.slices};
  return MatmulTiling{p.tile, p.tile, p.tile};
}

inline bool matmul_fast_tile_ok(int tile) { return tile == kMatmulFastNarrowTile || tile == kMatmulFastWideTile; }

// fast's launch shape: its block tile's width and its split-K.
struct MatmulFastShape {
  int tile = kMatmulFastNarrowTile, slices = 1;
};

// The model matmul_fast_shape_for weighs, on an H100's measurements (bench/results/
// 2026-11-27-h100-matmul-fast-tiles.md, bench/studies/2026-11-26-matmul-fast.md, split-K):
// - a lone 128-wide block (one on its SM) runs its phases in 0.56 of the time a pair takes
//   (1000x3000x2000: 128 blocks of 128 wide alone in 0.3044 ms, 64 of 256 wide in 0.5447 ms);
inline constexpr double kMatmulLoneBlock = 0.56;
// - a wave of 256-wide blocks takes 0.97 of a wave of 128-wide pairs (1.9-4.2% faster at 10 sizes);
inline constexpr double kMatmulWideWave = 0.97;
// - a block costs 4 phases more than its own (3 copied ahead before its first FFMA, its stores), a
//   split-K block 12 more (P zeroed, its partial tile added by atomicAdd, lone blocks slower than
//   the 0.56 when more of them share the L2): fitted to 22 sizes timed at 1, 2, 3, 4, 6 and 8 slices,
//   where the least modeled time ran within 1.7% of the fastest (with 8 phases, 1200^3 and 1280^3,
//   held out, split in 5 and ran 4-9% slower than unsplit). The rule also weighs 5 and 7 slices, which
//   were not swept: at 640x2048x640 it takes 5, which ran faster than 4 and 8 did in the sweep.
inline constexpr double kMatmulBlockPhases = 4, kMatmulSplitPhases = 12;

// Whether `slices` slices of whole phases leave none empty.
TS_HD bool matmul_slices_fill(const MatmulTiling& g, int inner) {
  return (g.slices - 1) * g.slice_phases(inner) < g.phases(inner);
}

// fast's modeled time at (tile, slices) for p's size on sm_count SMs, in phases of a wave of 128-wide
// pairs: blocks fill waves of two per SM (256 wide: one), a last wave of at most one per SM runs at
// kMatmulLoneBlock, and each wave lasts a block's phases and fixed cost.
inline double matmul_fast_model_phases(const MatmulParams& p, MatmulFastShape s, int sm_count) {
  const MatmulTiling g{kMatmulFastTileRows, s.tile, kMatmulFastDepth, s.slices};
  const long long blocks = 1LL * g.grid_rows(p.rows) * g.grid_cols(p.cols) * s.slices;
  const double block = g.slice_phases(p.inner) + kMatmulBlockPhases + (s.slices > 1 ? kMatmulSplitPhases : 0);
  if (s.tile == kMatmulFastWideTile) return double((blocks + sm_count - 1) / sm_count) * kMatmulWideWave * block;
  const long long pairs = 2LL * sm_count, full = blocks / pairs, last = blocks % pairs;
  return (double(full) + (last == 0 ? 0.0 : last > sm_count ? 1.0 : kMatmulLoneBlock)) * block;
}

// fast's shape on a GPU of sm_count SMs (0: none known, then 128 wide without split-K): of 128 wide at
// 1..kMatmulFastMaxSlices slices (none empty) and 256 wide without (where N's rows are whole float4s),
// the least modeled time. On an H100: 256 wide at 2048^3, 4096^3 and 8192^3, split-K where the tiles
// leave SMs idle or a last wave short (1024^3: 2 slices, 1920x1080x1080: 3).
inline MatmulFastShape matmul_fast_shape_for(const MatmulParams& p, int sm_count) {
  MatmulFastShape best;
  if (sm_count <= 0 || p.rows < 1 || p.inner < 1 || p.cols < 1) return best;
  double least = matmul_fast_model_phases(p, best, sm_count);
  auto weigh = [&](MatmulFastShape s) {
    const double t = matmul_fast_model_phases(p, s, sm_count);
    if (t < least) least = t, best = s;
  };
  if (matmul_fast_float4_rows(p)) weigh({kMatmulFastWideTile, 1});
  for (int slices = 2; slices <= kMatmulFastMaxSlices; ++slices)
    if (matmul_slices_fill({kMatmulFastTileRows, kMatmulFastNarrowTile, kMatmulFastDepth, slices}, p.inner))
      weigh({kMatmulFastNarrowTile, slices});
  return best;
}

}  // namespace tilescope
