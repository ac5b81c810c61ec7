// The book's numbers (PMPP ch 7 OP/B table) and the derived models of tiled_out / cached_halo.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/common/launch.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

using namespace tilescope;

namespace {
Conv2dParams params(Conv2dStrategy s, int r, int tile, int w = 1024, int h = 1024) { return {s, r, tile, w, h}; }

// A launch's tiles (output, input side), grid and threads (per block, computing per block).
struct Tiles {
  int out_tile, in_tile, grid_x, grid_y, threads, active;
};
void expect_tiles(const LaunchGeometry& l, Tiles t) {
  EXPECT_EQ(l.out_tile_dim, t.out_tile);
  EXPECT_EQ(l.in_tile_dim, t.in_tile);
  EXPECT_EQ(l.grid.x, t.grid_x);
  EXPECT_EQ(l.grid.y, t.grid_y);
  EXPECT_EQ(l.threads_per_block, t.threads);
  EXPECT_EQ(l.active_threads_per_block, t.active);
}
}  // namespace

TEST(BookModel, BasicKernelIsQuarterOpPerByte) {
  EXPECT_DOUBLE_EQ(book_model(params(Conv2dStrategy::basic, 2, 32)).opb_model, 0.25);
}

TEST(BookModel, ConstantMemoryFilterDoublesTheRatio) {
  EXPECT_DOUBLE_EQ(book_model(params(Conv2dStrategy::const_mem, 2, 32)).opb_model, 0.5);
}

TEST(BookModel, TiledInputTileReproducesThePmppTable) {
  struct Row {
    int r, in_tile;
    double opb, bound;
  };
  const Row table[] = {
      {2, 8, 3.13, 12.5}, {2, 16, 7.03, 12.5}, {2, 32, 9.57, 12.5}, {4, 16, 10.13, 40.5}, {4, 32, 22.78, 40.5}};
  for (const Row& row : table) {
    const BookModel m = book_model(params(Conv2dStrategy::tiled_in, row.r, row.in_tile));
    // The book prints two decimals rounded half up (10.125 -> 10.13).
    EXPECT_NEAR(book_round(m.opb_model), row.opb, 1e-9) << "r=" << row.r << " IN_TILE=" << row.in_tile;
    EXPECT_DOUBLE_EQ(m.opb_bound, row.bound);
  }
}

TEST(BookModel, TiledOutputTileUsesTheWholeBlock) {
  // OUT = 32, IN = 36: 32^2 * 25 * 2 / (36^2 * 4) = 51200 / 5184.
  EXPECT_NEAR(book_model(params(Conv2dStrategy::tiled_out, 2, 32)).opb_model, 51200.0 / 5184.0, 1e-12);
  EXPECT_NEAR(book_model(params(Conv2dStrategy::tiled_out, 1, 8)).opb_model, 64.0 * 9 * 2 / (100 * 4), 1e-12);
}

TEST(BookModel, CachedHaloCountsHaloReadsAsGlobalLoads) {
  // T=32, r=2: per axis the 32 threads keep 32*5 - (1+2)*2 = 154 taps inside the tile, so
  // 154^2 = 23716 of the 25600 taps hit shared memory and 1884 read the halo from global memory.
  const BookModel m = book_model(params(Conv2dStrategy::cached_halo, 2, 32));
  EXPECT_NEAR(m.opb_model, 51200.0 / (4.0 * (1024 + 1884)), 1e-12);
  ASSERT_TRUE(m.opb_l2_halo.has_value());
  EXPECT_DOUBLE_EQ(*m.opb_l2_halo, 12.5);  // every halo read an L2 hit: DRAM sees the tile only
  // T=2, r=1: per axis 2 + 2 = 4 taps inside, 16 of 36 in 2-D; 20 halo reads.
  EXPECT_NEAR(book_model(params(Conv2dStrategy::cached_halo, 1, 2)).opb_model, 72.0 / 96.0, 1e-12);
}

TEST(BookModel, OnlyCachedHaloHasAnL2Figure) {
  for (int s = 0; s < kConv2dStrategyCount; ++s) {
    const Conv2dStrategy id = strategy_table<Conv2dStrategy>()[s].id;
    EXPECT_EQ(book_model(params(id, 2, 32)).opb_l2_halo.has_value(), id == Conv2dStrategy::cached_halo);
  }
}

TEST(BookModel, InteriorBlockCountEqualsTheModelForEveryStrategy) {
  // An interior block sees no ghost cells, which is exactly what the book's formula assumes.
  for (int s = 0; s < kConv2dStrategyCount; ++s)
    for (int r = 1; r <= kMaxConv2dRadius; ++r)
      for (int tile : {8, 16, 32}) {
        const Conv2dParams p = params(strategy_table<Conv2dStrategy>()[s].id, r, tile, 4096, 4096);
        if (launch_problem(p)) continue;  // tiled_in with tile <= 2r, sliding above r = 3
        const TrafficCount c =
            block_traffic(p, tiling_of(p, 0).grid_dim(p.width) / 2, tiling_of(p, 1).grid_dim(p.height) / 2);
        EXPECT_NEAR(c.opb(), book_model(p).opb_model, 1e-9)
            << strategy_table<Conv2dStrategy>()[s].name << " r=" << r << " tile=" << tile;
      }
}

TEST(LaunchGeometry, TiledInputTileDeactivatesTheHaloRing) {
  const LaunchGeometry l = launch_geometry(params(Conv2dStrategy::tiled_in, 2, 32));
  expect_tiles(l, {28, 32, 37, 37, 1024, 784});  // grid: ceil(1024 / 28)
  EXPECT_EQ(l.shared_bytes, 32u * 32 * 4);
  EXPECT_EQ(l.constant_bytes, 25u * 4);
}

TEST(LaunchGeometry, OtherStrategiesLaunchOneThreadPerOutput) {
  const LaunchGeometry out = launch_geometry(params(Conv2dStrategy::tiled_out, 2, 16, 100, 50));
  EXPECT_EQ(out.grid.x, 7);
  EXPECT_EQ(out.grid.y, 4);
  EXPECT_EQ(out.shared_bytes, 20u * 20 * 4);
  EXPECT_EQ(out.active_threads_per_block, 256);
  const LaunchGeometry basic = launch_geometry(params(Conv2dStrategy::basic, 3, 16, 100, 50));
  EXPECT_EQ(basic.shared_bytes, 0u);
  EXPECT_EQ(basic.constant_bytes, 0u);  // basic reads its filter from global memory
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::cached_halo, 2, 32)).shared_bytes, 32u * 32 * 4);
}

TEST(LaunchGeometry, FastBlockComputesFourByFourOutputsPerThread) {
  // 16x16 threads x 4x4 outputs = 64x64 output tile; r = 3 stages 8 halo columns on either side
  // (32-byte sectors) and 3 rows above and below: 80 x 70 cells.
  const LaunchGeometry l = launch_geometry(params(Conv2dStrategy::fast, 3, 16, 1000, 130));
  expect_tiles(l, {64, 70, 16, 3, 256, 256});  // grid: ceil(1000 / 64) x ceil(130 / 64)
  EXPECT_EQ(l.threads_computing, 250 * 33);    // one per 4x4 patch that holds an output
  EXPECT_EQ(l.shared_bytes, 80u * 70 * 4);
  // r >= 4 rounds r up to a float4 on every side: 8 at r = 5 and 8.
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::fast, 4, 16)).shared_bytes, 72u * 72 * 4);
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::fast, 5, 16)).shared_bytes, 80u * 80 * 4);
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::fast, 8, 16)).shared_bytes, 80u * 80 * 4);
}

TEST(BookModel, FastCountsTheRoundedUpHaloAsLoads) {
  // tile 16, r = 1: OUT = 64, IN_x = 64 + 2 x 8 = 80, IN_y = 64 + 2 = 66, (2r+1)^2 = 9.
  EXPECT_NEAR(book_model(params(Conv2dStrategy::fast, 1, 16)).opb_model, 64.0 * 64 * 9 * 2 / (80.0 * 66 * 4), 1e-12);
}

TEST(BookModel, SeparableDoesTwoPassesOfTwoRPlusOneTapsOverTheStagedTile) {
  // tile 16, r = 2: OUT = 64, IN_x = 64 + 2 x 8 = 80 (halo columns in whole 32-byte sectors),
  // IN_y = 64 + 2 x 2 = 68. The row pass: 5 taps for each of 64 x 68 intermediate cells; the
  // column pass: 5 for each of 64^2.
  EXPECT_NEAR(book_model(params(Conv2dStrategy::separable, 2, 16)).opb_model,
              2.0 * 5 * (64 * 68 + 64 * 64) / (80.0 * 68 * 4), 1e-12);
  EXPECT_DOUBLE_EQ(book_model(params(Conv2dStrategy::separable, 2, 16)).opb_bound, 2.0 * 2 * 5 / 4);
  // It stages 80 x 68 cells and keeps the 64 x 68 intermediate beside them; its constant memory
  // holds the filter's row and column, 2 x 5 weights.
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::separable, 2, 16)).shared_bytes, (80u * 68 + 64u * 68) * 4);
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::separable, 2, 16)).constant_bytes, 2u * 5 * 4);
}

TEST(BookModel, SeparableAtLargeRadiiCountsItsTileOfTallPatches) {
  // tile 16, r = 6: 16 x 8 threads of 4 x 8 outputs, OUT = 64 x 64, IN_x = 64 + 2 x 8 = 80,
  // IN_y = 64 + 2 x 6 = 76; 13 taps for each of 64 x 76 intermediate cells and each of 64^2 outputs.
  EXPECT_NEAR(book_model(params(Conv2dStrategy::separable, 6, 16)).opb_model,
              2.0 * 13 * (64 * 76 + 64 * 64) / (80.0 * 76 * 4), 1e-12);
  // The intermediate overwrites the staged rows it was filtered from: shared memory holds the
  // 80 x 76 staged cells alone.
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::separable, 6, 16)).shared_bytes, 80u * 76 * 4);
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::separable, 6, 16)).threads_per_block, 16 * 8);
  // At r = 4 the intermediate is a second tile beside the staged one, 64 x 72 cells.
  EXPECT_EQ(launch_geometry(params(Conv2dStrategy::separable, 4, 16)).shared_bytes, (80u * 72 + 64u * 72) * 4);
}
