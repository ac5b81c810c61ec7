#pragma once
// Break it (issue 18) for matmul tiled (PMPP Fig 5.13): which P elements each broken variant
// damages, from the geometry alone (MatmulTiling). With M and N in [0.5, 1] every damage shows: a
// clamped element adds a positive product, a shifted tile changes every sum.
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/matmul/geometry.hpp"

namespace tilescope::test {

// P[row][col] is thread (tx, ty) = (col % T, row % T)'s; it reads Mds[ty][i] (thread (i, ty)
// stored it) and Nds[i][tx] (thread (tx, i) stored it) for i = 0..T-1, in every phase.
inline std::vector<char> predicted_damage(const MatmulParams& p, Break bug) {
  const MatmulTiling g = tiling_of(p);
  const int T = g.tile_rows;  // tiled: TILE_WIDTH, square
  std::vector<char> damaged(std::size_t(p.rows) * p.cols);
  for (int row = 0; row < p.rows; ++row)
    for (int col = 0; col < p.cols; ++col) {
      const int tx = col % T, ty = row % T, warp = (ty * T + tx) / 32;
      bool d = false;
      switch (bug) {
        case Break::no_ghost_zero: d = p.inner % T != 0; break;  // the last phase reads past K
        case Break::origin_off_by_one: d = true; break;
        case Break::no_barrier:  // a slot a later warp stores (phase 0: nothing yet, so NaN)
          for (int i = 0; i < T; ++i) d = d || (ty * T + i) / 32 > warp || (i * T + tx) / 32 > warp;
          break;
        default: break;
      }
      damaged[std::size_t(row) * p.cols + col] = d;
    }
  return damaged;
}

}  // namespace tilescope::test
