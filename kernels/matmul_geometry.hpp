#pragma once
// Launch geometry of both matmul strategies: THE single source of which thread computes which
// P element and, for tiled, which M and N element each thread loads into Mds / Nds in each
// phase. The CUDA kernels index with these helpers; the traffic count and the view read them.
#include "kernels/hd.hpp"
#include "kernels/matmul_params.hpp"
#include "kernels/tap_source.hpp"

namespace tilescope {

struct MatmulTiling {
  int tile;  // TILE_WIDTH

  // Block (bx, by), thread (tx, ty) computes P[row][col].
  TS_HD int row_of(int by, int ty) const { return by * tile + ty; }
  TS_HD int col_of(int bx, int tx) const { return bx * tile + tx; }
  TS_HD int grid_dim(int n) const { return (n + tile - 1) / tile; }
  // Phases of the tiled kernel: strips of TILE_WIDTH along the inner dimension.
  TS_HD int phases(int inner) const { return grid_dim(inner); }
  // In phase ph, thread (tx, ty) loads Mds[ty][tx] = M[row_of(by, ty)][phase_k(ph, tx)] and
  // Nds[ty][tx] = N[phase_k(ph, ty)][col_of(bx, tx)]; outside the matrix it stores 0 without a load.
  TS_HD int phase_k(int ph, int t) const { return ph * tile + t; }
};

TS_HD MatmulTiling tiling_of(const MatmulParams& p) { return MatmulTiling{p.tile}; }

}  // namespace tilescope
