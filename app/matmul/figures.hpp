#pragma once
// The numbers the matmul inspector and legend print about the focused P element, read from the
// geometry (kernels/matmul/geometry.hpp) and nothing else. Pure and GUI-free:
// tests/matmul/test_geometry checks them against the book's formulas for every strategy.
#include "kernels/matmul/geometry.hpp"

namespace tilescope {

struct MatmulFocus {
  int block_x, block_y;    // blockIdx
  int thread_x, thread_y;  // threadIdx (fast: a block of tile x 1 threads)
  int phases;              // phases over the inner dimension
  int k0, k_end;           // the shown phase's strip of k: [k0, k_end)
  bool pads;               // the block's tile or the phase's strip reaches past the matrices
};
inline MatmulFocus matmul_focus(const MatmulParams& p, int row, int col, int phase) {
  const MatmulTiling g = tiling_of(p);
  const bool fast = p.strategy == MatmulStrategy::fast;
  MatmulFocus f{};
  f.block_x = g.block_col(col), f.block_y = g.block_row(row);
  f.thread_x = fast ? g.fast_thread(row, col) : col - g.col_of(f.block_x, 0);
  f.thread_y = fast ? 0 : row - g.row_of(f.block_y, 0);
  f.phases = g.phases(p.inner);
  f.k0 = g.phase_k(phase, 0), f.k_end = g.phase_end(phase);
  f.pads = f.k_end > p.inner || g.row_tile_end(row) > p.rows || g.col_tile_end(col) > p.cols;
  return f;
}

}  // namespace tilescope
