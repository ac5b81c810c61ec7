#pragma once
// The numbers the matmul inspector and legend print about the focused P element, read from the
// geometry (kernels/matmul/geometry.hpp) and nothing else. Pure and GUI-free:
// tests/matmul/test_geometry checks them against the book's formulas for every strategy.
#include "kernels/matmul/geometry.hpp"

namespace tilescope {

struct MatmulFocus {
  int block_x, block_y;    // blockIdx
  int thread_x, thread_y;  // threadIdx
  int phases;              // phases over the inner dimension
  int k0, k_end;           // the shown phase's strip of k: [k0, k_end)
  bool pads;               // the block's tile or the phase's strip reaches past the matrices
};
inline MatmulFocus matmul_focus(const MatmulParams& p, int row, int col, int phase) {
  const MatmulTiling g = tiling_of(p);
  const bool fast = p.strategy == MatmulStrategy::fast;
  MatmulFocus f{};
  f.block_x = g.block_of(col), f.block_y = g.block_of(row);
  f.thread_x = fast ? g.thread_of(col) : g.tiled_thread_of(col);
  f.thread_y = fast ? g.thread_of(row) : g.tiled_thread_of(row);
  f.phases = g.phases(p.inner);
  f.k0 = g.phase_k(phase, 0), f.k_end = g.phase_end(phase);
  f.pads = f.k_end > p.inner || g.tile_end(row) > p.rows || g.tile_end(col) > p.cols;
  return f;
}

}  // namespace tilescope
