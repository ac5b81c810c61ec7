// The numbers the conv1d view draws and the inspector prints (app/conv1d/figures.hpp) equal the
// geometry's and the book's formulas, for every strategy, several radii and tiles, odd lengths.
#include <gtest/gtest.h>

#include "app/conv1d/figures.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/conv1d/model.hpp"
#include "tests/common/spread.hpp"

using namespace tilescope;

namespace {
// Radii 1..32, tiles 32..1024, two lengths that are no multiple of a tile.
std::vector<Conv1dParams> spread() {
  return test::spread<Conv1dParams>(kConv1dStrategyCount, {1, 2, 3, 5, 8, 32}, {32, 64, 256, 1024}, {1000, 4099},
                                    [](int s, int r, int tile, int length) {
                                      return Conv1dParams{static_cast<Conv1dStrategy>(s), r, tile, length};
                                    });
}
}  // namespace

TEST(Conv1dFigures, SpreadCoversEveryStrategy) { EXPECT_EQ(test::strategies_in(spread()), kConv1dStrategyCount); }

TEST(Conv1dFigures, ReachIsTheRadiusOrFastsWholeFloat4Halo) {
  for (const Conv1dParams& p : spread()) {
    const Conv1dTiling g = tiling_of(p);
    const int n = p.filter_radius;
    const int want = p.strategy == Conv1dStrategy::fast ? (n + 3) / 4 * 4 : n;  // PMPP: in_tile = out_tile + 2n
    EXPECT_EQ(g.reach(), want);
    EXPECT_EQ(g.in_tile_dim(), p.tile + 2 * want);
    EXPECT_EQ(launch_geometry(p).in_tile_dim, g.in_tile_dim());
    EXPECT_EQ(launch_geometry(p).out_tile_dim, p.tile);
  }
}

TEST(Conv1dFigures, BlockSpanIsTheOutputTilePlusTheReach) {
  for (const Conv1dParams& p : spread()) {
    const Conv1dTiling g = tiling_of(p);
    for (int i : {0, p.length - 1, p.length / 2, 37, p.tile % p.length, (p.tile - 1) % p.length}) {
      const int b = g.block_of(i);
      const Conv1dBlockSpan s = conv1d_block_span(g, b);
      EXPECT_EQ(s.out0, b * p.tile);
      EXPECT_EQ(s.out1, (b + 1) * p.tile);
      EXPECT_TRUE(i >= s.out0 && i < s.out1);
      EXPECT_EQ(s.in1 - s.in0, g.in_tile_dim());
      EXPECT_EQ(s.out0 - s.in0, g.reach());
      // Every tap of every output of the block lies in the span.
      EXPECT_LE(s.in0, i - p.filter_radius);
      EXPECT_GE(s.in1, i + p.filter_radius + 1);
    }
  }
}

TEST(Conv1dFigures, InspectorThreadMatchesTheLaunch) {
  for (const Conv1dParams& p : spread()) {
    const Conv1dTiling g = tiling_of(p);
    const LaunchGeometry l = launch_geometry(p);
    for (int i : {0, p.length - 1, p.length / 2, 37, p.tile % p.length, (p.tile - 1) % p.length}) {
      const Conv1dFocus f = conv1d_focus(g, i);
      EXPECT_LT(f.block, l.grid.x);
      EXPECT_LT(f.thread, l.block.x);
      EXPECT_EQ(f.warp * 32 + f.lane, f.thread);
      EXPECT_EQ(g.out_coord(f.block, f.thread, f.output), i);
      if (p.strategy != Conv1dStrategy::fast) {
        EXPECT_EQ(f.thread, i % p.tile);
      }
    }
  }
}
