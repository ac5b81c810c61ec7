#include "kernels/matmul/model.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/matmul/geometry.hpp"

namespace tilescope {
namespace {

// Rows of block row by, and columns of block column bx, that lie inside P.
std::int64_t rows_inside(const MatmulTiling& g, int by, int rows) {
  return std::clamp(rows - g.row_of(by, 0), 0, g.tile_rows);
}
std::int64_t cols_inside(const MatmulTiling& g, int bx, int cols) {
  return std::clamp(cols - g.col_of(bx, 0), 0, g.tile_cols);
}

// Loads of a block with vr rows and vc columns inside P. Naive: each of its vr x vc threads
// reads a whole row of M and column of N. Tiled: over all phases the block loads its vr rows of
// M and vc columns of N once each (out-of-range tile cells become zeros without a load).
MatmulCount count(const MatmulParams& p, std::int64_t vr, std::int64_t vc, std::int64_t row_blocks,
                  std::int64_t col_blocks) {
  MatmulCount c;
  c.outputs = vr * vc;
  if (p.strategy == MatmulStrategy::naive) {
    c.m_loads = c.n_loads = vr * vc * p.inner;
  } else {
    c.m_loads = vr * p.inner * col_blocks;
    c.n_loads = vc * p.inner * row_blocks;
  }
  c.flops = 2 * c.outputs * p.inner;
  c.global_load_bytes = 4 * (c.m_loads + c.n_loads);
  return c;
}

}  // namespace

MatmulModel book_model(const MatmulParams& p) {
  MatmulModel m;
  if (p.strategy == MatmulStrategy::naive) {
    m.opb_model = 2.0 / (4 + 4);
    m.formula = "2 ops / (4 B of M + 4 B of N)";
  } else if (p.strategy == MatmulStrategy::tiled) {
    m.opb_model = p.tile * 0.25;
    m.formula = "TILE_WIDTH x 0.25: each loaded element serves TILE_WIDTH multiply-adds";
  } else {
    // A phase loads (rows + columns) x depth elements for rows x columns x depth multiply-adds.
    const double R = kMatmulFastTileRows, C = p.tile, serves = 2 * R * C / (R + C);
    m.opb_model = serves / 4;
    char formula[160];
    std::snprintf(formula, sizeof formula,
                  "2 x 128 x %d / (128 + %d) x 0.25: each loaded element serves %.4g multiply-adds (a 128 x %d block "
                  "tile)",
                  p.tile, p.tile, serves, p.tile);
    m.formula = formula;
  }
  return m;
}

MatmulCount block_traffic(const MatmulParams& p, int bx, int by) {
  const MatmulTiling g = tiling_of(p);
  return count(p, rows_inside(g, by, p.rows), cols_inside(g, bx, p.cols), 1, 1);
}

MatmulCount exact_traffic(const MatmulParams& p) {
  // Per axis the blocks together cover every row (column) once; tiled loads repeat per block
  // of the other axis: M once per column of blocks, N once per row of blocks.
  const MatmulTiling g = tiling_of(p);
  return count(p, p.rows, p.cols, g.grid_rows(p.rows), g.grid_cols(p.cols));
}

}  // namespace tilescope
