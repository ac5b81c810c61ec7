// The numbers the matmul inspector and legend print (app/matmul/figures.hpp) equal the geometry's
// and the book's formulas, for every strategy, several TILE_WIDTHs and odd matrix sizes.
#include <gtest/gtest.h>

#include "app/matmul/figures.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/matmul/model.hpp"
#include "tests/common/spread.hpp"

using namespace tilescope;

namespace {
// TILE_WIDTH 2..32 (fast: its block tiles 128 and 256), square and odd-sized matrices.
std::vector<MatmulParams> spread() {
  static const int sizes[][3] = {{64, 64, 64}, {37, 61, 29}, {300, 17, 129}};
  return test::spread<MatmulParams>(kMatmulStrategyCount, {2, 5, 8, 16, 32}, {0, 1, 2}, {0},
                                    [](int s, int tile, int size, int) {
                                      const int* mkn = sizes[size];
                                      const auto strategy = static_cast<MatmulStrategy>(s);
                                      if (strategy == MatmulStrategy::fast)
                                        tile = tile < 16 ? kMatmulFastNarrowTile : kMatmulFastWideTile;
                                      return MatmulParams{strategy, tile, mkn[0], mkn[1], mkn[2]};
                                    });
}
}  // namespace

TEST(MatmulFigures, SpreadCoversEveryStrategy) { EXPECT_EQ(test::strategies_in(spread()), kMatmulStrategyCount); }

TEST(MatmulFigures, PhasesAreStripsOfThePhaseDepth) {
  for (const MatmulParams& p : spread()) {
    // PMPP 5.4: Width / TILE_WIDTH phases; fast's phases are strips of 8 whatever the tile.
    const int depth = p.strategy == MatmulStrategy::fast ? 8 : p.tile;
    const MatmulFocus f = matmul_focus(p, 0, 0, 0);
    EXPECT_EQ(f.phases, (p.inner + depth - 1) / depth);
    for (int ph = 0; ph < f.phases; ++ph) {
      const MatmulFocus g = matmul_focus(p, 0, 0, ph);
      EXPECT_EQ(g.k0, ph * depth);
      EXPECT_EQ(g.k_end, (ph + 1) * depth);
    }
  }
  // The stepper's last phase for fast is the last strip of 8 (it was inner / TILE_WIDTH).
  EXPECT_EQ(matmul_focus(MatmulParams{MatmulStrategy::fast, 128, 64, 64, 64}, 0, 0, 0).phases, 8);
}

TEST(MatmulFigures, InspectorThreadMatchesTheLaunch) {
  for (const MatmulParams& p : spread()) {
    const LaunchGeometry l = launch_geometry(p);
    const MatmulTiling g = tiling_of(p);
    for (auto [row, col] :
         {std::pair{0, 0}, {p.rows - 1, p.cols - 1}, {p.rows / 2, p.cols / 3}, {13 % p.rows, 7 % p.cols}}) {
      const MatmulFocus f = matmul_focus(p, row, col, 0);
      EXPECT_LT(f.block_x, l.grid.x);
      EXPECT_LT(f.block_y, l.grid.y);
      EXPECT_LT(f.thread_x, l.block.x);
      EXPECT_LT(f.thread_y, l.block.y);
      if (p.strategy == MatmulStrategy::fast) {  // 128 x tile tiles, `tile` threads of 16 x 8 outputs
        EXPECT_EQ(f.block_x, col / p.tile);
        EXPECT_EQ(f.block_y, row / 128);
        bool found = false;
        for (int i = 0; i < 16; ++i)
          for (int j = 0; j < 8; ++j)
            found |= g.fast_row(f.block_y, f.thread_x, i) == row && g.fast_col(f.block_x, f.thread_x, j) == col;
        EXPECT_TRUE(found);
      } else {  // PMPP Fig 5.9: Row = by * TILE_WIDTH + ty, Col = bx * TILE_WIDTH + tx
        EXPECT_EQ(f.block_y * p.tile + f.thread_y, row);
        EXPECT_EQ(f.block_x * p.tile + f.thread_x, col);
      }
    }
  }
}

TEST(MatmulFigures, PaddingWhenTheTileOrStripPassesTheMatrices) {
  // 37 x 61 x 29 with TILE_WIDTH 8: the last block row ends at 40 > 37.
  const MatmulParams p{MatmulStrategy::tiled, 8, 37, 61, 29};
  EXPECT_FALSE(matmul_focus(p, 0, 0, 0).pads);
  EXPECT_TRUE(matmul_focus(p, 36, 0, 0).pads);  // rows 32..39
  EXPECT_TRUE(matmul_focus(p, 0, 28, 0).pads);  // cols 24..31
  EXPECT_TRUE(matmul_focus(p, 0, 0, 7).pads);   // k 56..63 > 61
  EXPECT_FALSE(matmul_focus(p, 0, 0, 6).pads);  // k 48..55
}
