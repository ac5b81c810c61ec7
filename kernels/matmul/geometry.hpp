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
  int tile;   // the block's tile of P: TILE_WIDTH, or fast's 128
  int depth;  // a phase's strip of the inner dimension: TILE_WIDTH, or fast's 8

  // naive and tiled: block (bx, by), thread (tx, ty) computes P[row][col].
  TS_HD int row_of(int by, int ty) const { return by * tile + ty; }
  TS_HD int col_of(int bx, int tx) const { return bx * tile + tx; }
  TS_HD int grid_dim(int n) const { return (n + tile - 1) / tile; }
  // The block (blockIdx along one axis) whose tile holds row (column) n, and the row (column)
  // past the tile's end. naive and tiled: n's thread along that axis is n - block_of(n) * tile.
  TS_HD int block_of(int n) const { return n / tile; }
  TS_HD int tile_end(int n) const { return (block_of(n) + 1) * tile; }
  TS_HD int tiled_thread_of(int n) const { return n - block_of(n) * tile; }
  // Phases: strips of `depth` along the inner dimension.
  TS_HD int phases(int inner) const { return (inner + depth - 1) / depth; }
  // tiled: in phase ph, thread (tx, ty) loads Mds[ty][tx] = M[row_of(by, ty)][phase_k(ph, tx)] and
  // Nds[ty][tx] = N[phase_k(ph, ty)][col_of(bx, tx)]; outside the matrix it stores 0 without a load.
  TS_HD int phase_k(int ph, int t) const { return ph * depth + t; }
  TS_HD int phase_end(int ph) const { return phase_k(ph + 1, 0); }  // one past phase ph's last k

  // fast: thread (tx, ty) computes the 8 x 8 P elements at rows out_index(by, ty, i) and columns
  // out_index(bx, tx, j), i, j = 0..7: four 4 x 4 quadrants, half a tile (64) apart, so that the
  // 16 threads of a half-warp read 16 consecutive float4s of the shared tiles (no bank conflicts).
  TS_HD int out_index(int b, int t, int i) const { return b * tile + (i / 4) * (tile / 2) + t * 4 + i % 4; }
  // The inverse, along one axis: the thread index and its output number of row (column) n.
  TS_HD int thread_of(int n) const { return n % tile % (tile / 2) / 4; }
  TS_HD int output_of(int n) const { return n % tile / (tile / 2) * 4 + n % 4; }
  // fast's loads in each phase, thread id = ty * 16 + tx: one float4 of M, the 4 elements
  // M[m_row(id)][k .. k + 3] at k = phase_k(ph, m_k(id)), stored transposed into Ms[k][row];
  // and one float4 of N, N[phase_k(ph, n_k(id))][n_col(id) .. + 3], stored as is into Ns.
  TS_HD int m_row(int id) const { return id / (depth / 4); }
  TS_HD int m_k(int id) const { return id % (depth / 4) * 4; }
  TS_HD int n_k(int id) const { return id / (tile / 4); }
  TS_HD int n_col(int id) const { return id % (tile / 4) * 4; }
};

TS_HD MatmulTiling tiling_of(const MatmulParams& p) {
  if (p.strategy == MatmulStrategy::fast) return MatmulTiling{kMatmulFastTile, kMatmulFastDepth};
  return MatmulTiling{p.tile, p.tile};
}

}  // namespace tilescope
