#pragma once
// PMPP Fig 5.13 (matmul tiled: Fig 5.9 with boundary checks) broken on purpose, one thread and one
// phase at a time: what a thread stores into Mds and Nds, what it reads back, and its P element,
// under each bug. The CPU emulation (broken.cpp) and the CUDA kernel (broken_kernels.cu) run these
// same functions, so both show the same damage. Every tile and phase comes from MatmulTiling.
#include "kernels/common/breaks.hpp"
#include "kernels/matmul/geometry.hpp"

namespace tilescope {

// One tiled launch with a bug: the tiling, the sizes (M rows x inner, N inner x cols).
struct BrokenMatmulLaunch {
  MatmulTiling g;
  int rows, inner, cols;
  Break bug;
};

// Which tile a slot is in: Mds[ty][tx] or Nds[ty][tx] (both filled by thread (tx, ty)).
enum class MatmulTile : unsigned char { M, N };

// Threads are numbered tx fastest; threads 0..31 are warp 0.
TS_HD int warp_of(const MatmulTiling& g, int tx, int ty) { return (ty * g.tile_cols + tx) / 32; }

// What is wrong with slot (sx, sy) of either tile when thread (tx, ty) reads it in phase ph: the
// one definition the load and read below follow and the inspector traces a damaged output with.
TS_HD SlotFault slot_fault(const BrokenMatmulLaunch& k, MatmulTile t, int bx, int by, int ph, int tx, int ty, int sx,
                           int sy) {
  switch (k.bug) {
    case Break::no_ghost_zero: {  // past the inner dimension (or the matrix's rows / columns)
      const int row = t == MatmulTile::M ? k.g.row_of(by, sy) : k.g.phase_k(ph, sy);
      const int col = t == MatmulTile::M ? k.g.phase_k(ph, sx) : k.g.col_of(bx, sx);
      const bool inside = t == MatmulTile::M ? in_range(row, k.rows) && in_range(col, k.inner)
                                             : in_range(row, k.inner) && in_range(col, k.cols);
      return inside ? SlotFault::none : SlotFault::edge_not_zero;
    }
    case Break::no_barrier:
      return warp_of(k.g, sx, sy) > warp_of(k.g, tx, ty) ? SlotFault::later_warp : SlotFault::none;
    case Break::origin_off_by_one: return SlotFault::shifted;
    default: return SlotFault::none;
  }
}

// Fig 5.13's load of phase ph: what thread (tx, ty) of block (bx, by) stores into its slot of
// tile t (outside the matrix: 0, or the nearest element under no_ghost_zero).
TS_HD float broken_load(const BrokenMatmulLaunch& k, MatmulTile t, const float* A, int bx, int by, int ph, int tx,
                        int ty) {
  const SlotFault fault = slot_fault(k, t, bx, by, ph, tx, ty, tx, ty);
  const int shift = fault == SlotFault::shifted ? 1 : 0;
  const int row = shift + (t == MatmulTile::M ? k.g.row_of(by, ty) : k.g.phase_k(ph, ty));
  const int col = shift + (t == MatmulTile::M ? k.g.phase_k(ph, tx) : k.g.col_of(bx, tx));
  const int n_rows = t == MatmulTile::M ? k.rows : k.inner, n_cols = t == MatmulTile::M ? k.inner : k.cols;
  if (in_range(row, n_rows) && in_range(col, n_cols)) return A[row * n_cols + col];
  if (fault != SlotFault::edge_not_zero) return 0.0f;
  return A[clamp_to(row, n_rows) * n_cols + clamp_to(col, n_cols)];
}

// Slot (sx, sy) of tile t as thread (tx, ty) reads it. Without the first barrier the worst
// schedule a block allows is emulated: the lanes of a warp store together, then the warp runs
// its multiply-adds before any later warp has stored, so in phase 0 a later warp's slot holds
// nothing yet (kUnloaded) and the whole sum is NaN.
TS_HD float broken_read(const BrokenMatmulLaunch& k, MatmulTile t, const float* s, int bx, int by, int ph, int tx,
                        int ty, int sx, int sy) {
  if (slot_fault(k, t, bx, by, ph, tx, ty, sx, sy) == SlotFault::later_warp) return kUnloaded;
  return s[sy * k.g.tile_cols + sx];
}

// The multiply-adds of phase ph for thread (tx, ty): Pvalue += Mds[ty][i] * Nds[i][tx].
TS_HD float broken_phase(const BrokenMatmulLaunch& k, const float* Mds, const float* Nds, int bx, int by, int ph,
                         int tx, int ty, float Pvalue) {
  for (int i = 0; i < k.g.depth; ++i)
    Pvalue += broken_read(k, MatmulTile::M, Mds, bx, by, ph, tx, ty, i, ty) *
              broken_read(k, MatmulTile::N, Nds, bx, by, ph, tx, ty, tx, i);
  return Pvalue;
}

}  // namespace tilescope
