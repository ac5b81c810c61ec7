// The numbers the stencil3d tile panel and inspector print (app/stencil3d/figures.hpp) equal the
// geometry's and the book's formulas, for every strategy, order and several tiles.
#include <gtest/gtest.h>

#include "app/stencil3d/figures.hpp"
#include "kernels/stencil3d/model.hpp"
#include "tests/common/spread.hpp"

using namespace tilescope;

namespace {
// Orders 1..3, tiles 4..32, widths of every divisibility by 4 (fast pads the last two kinds).
std::vector<Stencil3dParams> spread() {
  return test::spread<Stencil3dParams>(kStencil3dStrategyCount, {1, 2, 3}, {4, 7, 8, 10, 16, 32}, {64, 66, 67},
                                       [](int s, int k, int tile, int w) {
                                         return Stencil3dParams{static_cast<Stencil3dStrategy>(s), k, tile, w, 48, 40};
                                       });
}
}  // namespace

TEST(Stencil3dFigures, SpreadCoversEveryStrategy) { EXPECT_EQ(test::strategies_in(spread()), kStencil3dStrategyCount); }

TEST(Stencil3dFigures, BlockIsTheLaunchsBlock) {
  for (const Stencil3dParams& p : spread()) {
    const Stencil3dTileFigures f = stencil3d_tile_figures(p);
    const Stencil3dLaunch l = launch_geometry(p);
    EXPECT_EQ(f.block[0], l.block.x);
    EXPECT_EQ(f.block[1], l.block.y);
    EXPECT_EQ(f.block[2], l.block.z);
    switch (p.strategy) {
      case Stencil3dStrategy::basic:
      case Stencil3dStrategy::tiled:  // PMPP 8.2 / Fig 8.8: a T^3 block
        EXPECT_EQ(f.block[0], p.tile);
        EXPECT_EQ(f.block[1], p.tile);
        EXPECT_EQ(f.block[2], p.tile);
        break;
      case Stencil3dStrategy::coarsened:
      case Stencil3dStrategy::register_tiled:  // PMPP 8.4 / 8.5: a T^2 block marching in z
        EXPECT_EQ(f.block[0], p.tile);
        EXPECT_EQ(f.block[1], p.tile);
        EXPECT_EQ(f.block[2], 1);
        break;
      case Stencil3dStrategy::fast:  // launched as 8 warps; the rows of column 0 (fast_row_lanes)
        EXPECT_EQ(f.block[0], 32);
        EXPECT_EQ(f.block[1], 8);
        EXPECT_EQ(f.block[2], 1);
        EXPECT_EQ(f.row_lanes, fast_row_lanes(tiling_of(p).pitch, 0));
        break;
    }
  }
}

TEST(Stencil3dFigures, OutputTileIsTheInputTileLessTwoHalos) {
  for (const Stencil3dParams& p : spread()) {
    const Stencil3dTileFigures f = stencil3d_tile_figures(p);
    const int k = p.order;
    for (int a = 0; a < 3; ++a) {
      SCOPED_TRACE(::testing::Message() << "strategy " << int(p.strategy) << " k " << k << " T " << p.tile << " axis "
                                        << a);
      EXPECT_EQ(f.out_tile[a], f.in_tile[a] - 2 * f.halo[a]);
      if (p.strategy == Stencil3dStrategy::temporal) {
        // x: one float4 of halo (aligned rows); y and z: S k, its fused steps' (TemporalTiling)
        EXPECT_EQ(f.halo[a], a == 0 ? kTemporalVec : tiling_of(p).fused * k);
        EXPECT_EQ(f.in_tile[a], a == 0 ? kTemporalTileX : a == 1 ? kTemporalRows : p.tile + 2 * f.halo[a]);
        continue;
      }
      const bool staged = p.strategy != Stencil3dStrategy::basic && (p.strategy != Stencil3dStrategy::fast || a == 2);
      EXPECT_EQ(f.halo[a], staged ? k : 0);
      if (staged) {  // PMPP: T - 2k
        EXPECT_EQ(f.in_tile[a], p.tile);
        EXPECT_EQ(f.out_tile[a], p.tile - 2 * k);
      }
    }
    if (p.strategy == Stencil3dStrategy::fast) {
      EXPECT_EQ(f.out_tile[0], f.row_lanes * f.vec);  // a row of lanes, a float4 each
      EXPECT_EQ(f.out_tile[1], 256 / f.row_lanes);    // the block's threads fold into as many whole rows
      EXPECT_EQ(f.block[0] * f.block[1], 256);
      EXPECT_EQ(f.vec, 4);  // a float4 at every width: the rows are padded to one
      EXPECT_EQ(tiling_of(p).pitch % 4, 0);
    }
    // Marching strategies hold the 2k + 1 planes around the current one; cubes hold the whole tile.
    EXPECT_EQ(f.planes_in_flight, tiling_of(p).marches_z() ? 2 * k + 1 : 0);
    // The model counts the same tile.
    if (p.strategy == Stencil3dStrategy::tiled) {
      EXPECT_EQ(book_model(p).out_tile_cells, 1LL * f.out_tile[0] * f.out_tile[1] * f.out_tile[2]);
    }
  }
}
