// Exact whole-image counts: small cases checked by hand, and the per-axis counter against a
// brute-force emulation of every thread of every block through the shared geometry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include "kernels/common/launch.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "tests/common/tally_taps.hpp"

using namespace tilescope;

namespace {

// Where the taps of all outputs were read: shared memory (ghost zeros included), the ghost zeros
// among them, global memory, and the ghost taps skipped without a read.
struct Taps {
  long long shared, ghost_shared, global, ghost_skipped;
};
void expect_taps(const TrafficCount& c, Taps t) {
  EXPECT_EQ(c.taps_shared, t.shared);
  EXPECT_EQ(c.taps_ghost_shared, t.ghost_shared);
  EXPECT_EQ(c.taps_global, t.global);
  EXPECT_EQ(c.taps_ghost_skipped, t.ghost_skipped);
}

}  // namespace

TEST(TrafficCount, BasicOn4x4CountsOnlyTapsInsideTheImage) {
  // r=1: per axis the four outputs see 2, 3, 3, 2 pixels: 10 x 10 = 100 taps in the image.
  const TrafficCount c = exact_traffic({Conv2dStrategy::basic, 1, 4, 4, 4});
  EXPECT_EQ(c.outputs, 16);
  expect_taps(c, {0, 0, 100, 16 * 9 - 100});
  EXPECT_EQ(c.filter_loads, 100);
  EXPECT_EQ(c.flops, 200);
  EXPECT_EQ(c.global_load_bytes, 4 * 200);
  EXPECT_DOUBLE_EQ(c.opb(), 0.25);
}

TEST(TrafficCount, ConstMemDropsTheFilterLoads) {
  const TrafficCount c = exact_traffic({Conv2dStrategy::const_mem, 1, 4, 4, 4});
  EXPECT_EQ(c.filter_loads, 0);
  EXPECT_EQ(c.global_load_bytes, 4 * 100);
}

TEST(TrafficCount, TiledInOn4x4LoadsEachBlocksInputTileOnce) {
  // Tile 4, r=1: output tile 2, grid 2x2. Per axis block 0 covers -1..2 and block 1 covers 1..4:
  // 3 + 3 cells inside the image, so 6 x 6 = 36 loads. Every tap reads shared memory; the 44
  // taps outside the image read the zeros the blocks stored for their ghost cells.
  const TrafficCount c = exact_traffic({Conv2dStrategy::tiled_in, 1, 4, 4, 4});
  EXPECT_EQ(c.tile_loads, 36);
  expect_taps(c, {100, 44, 0, 0});
  EXPECT_EQ(c.flops, 16 * 9 * 2);
  EXPECT_EQ(c.global_load_bytes, 36 * 4);
}

TEST(TrafficCount, CachedHaloOn4x4ReadsTheHaloFromGlobalMemory) {
  // Tile 2, r=1, grid 2x2. Per axis: 8 taps in the tile, 10 in the image, 12 in all. In 2-D:
  // 64 shared, 100 - 64 = 36 global halo reads, 144 - 64 - 100 + 64 = 44 ghosts skipped.
  const TrafficCount c = exact_traffic({Conv2dStrategy::cached_halo, 1, 2, 4, 4});
  EXPECT_EQ(c.tile_loads, 16);
  expect_taps(c, {64, 0, 36, 44});
  EXPECT_EQ(c.flops, 2 * 100);
  EXPECT_EQ(c.global_load_bytes, 4 * (16 + 36));
}

TEST(TrafficCount, SeparableOn4x4CountsBothPassesAndStagesTheImageOnce) {
  // r = 1, tile 1: one block of 4x4 outputs. Row pass: the 4 columns on 6 rows (-1..4), 3 taps
  // each: 72, of which the columns' 10 in-image taps per row on the 4 image rows are real: 40.
  // Column pass: 16 outputs x 3 taps = 48, 4 columns x 10 in-image rows: 40. It stages the 4x4
  // image once (its 12 x 6 staged tile's other cells are ghosts).
  const TrafficCount c = exact_traffic({Conv2dStrategy::separable, 1, 1, 4, 4});
  EXPECT_EQ(c.outputs, 16);
  expect_taps(c, {80, 40, 0, 0});
  EXPECT_EQ(c.tile_loads, 16);
  EXPECT_EQ(c.flops, 2 * (72 + 48));
  EXPECT_EQ(c.global_load_bytes, 4 * 16);
  // Against a 2-D strategy of the same tiles: 2 x 2(2r+1) = 12 ops per output instead of 2 x 9.
  EXPECT_LT(c.flops, exact_traffic({Conv2dStrategy::fast, 1, 1, 4, 4}).flops);
}

namespace {

// separable's two passes over block (bx, by), cell by cell: the row pass filters every output
// column inside the image on the rows from r above the block's first output row to r below its
// last one inside the image; the column pass filters that intermediate for every output inside
// the image. Every tap reads shared memory: a zero where its cell lies outside the image.
void separable_passes(const Conv2dParams& p, int bx, int by, TrafficCount& c) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int r = p.filter_radius, x0 = gx.out_origin(bx), y0 = gy.out_origin(by);
  const int x1 = std::min(x0 + gx.out_tile_dim(), p.width), y1 = std::min(y0 + gy.out_tile_dim(), p.height);
  auto tap = [&](int x, int y) {
    const bool inside = in_range(x, p.width) && in_range(y, p.height);
    test::tally_tap(c, inside ? TapSource::shared : TapSource::ghost_shared, false);
  };
  for (int y = y0 - r; y < y1 + r; ++y)
    for (int x = x0; x < x1; ++x)
      for (int d = -r; d <= r; ++d) tap(x + d, y);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      for (int d = -r; d <= r; ++d) tap(x, y + d);
}

// Every thread of every block, every tap, classified with tap_source: slow but obviously right.
// sliding's loads are emulated lane by lane (own float4 and the edge lanes' extra one, every row
// of the strip and its 2r halo rows), not through the staged-span formula the count uses.
TrafficCount brute_force(const Conv2dParams& p) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int Tx = gx.block_dim(), Ty = gy.block_dim(), Sx = gx.shared_dim(), Sy = gy.shared_dim(), r = p.filter_radius;
  const bool filter_global = !strategy_info(p.strategy).filter_in_constant_memory;
  auto inside = [&](int x, int y) { return in_range(x, p.width) && in_range(y, p.height); };
  // A strategy that moves float4 rows loads a cell iff its float4 (4-aligned in the row) starts
  // inside the image: the last float4 of a row brings the row's padding with it.
  auto loaded = [&](int x, int y) {
    return moves_float4_rows(p.strategy) ? inside(x - (x % 4 + 4) % 4, y) : inside(x, y);
  };
  TrafficCount c;
  for (int by = 0; by < gy.grid_dim(p.height); ++by)
    for (int bx = 0; bx < gx.grid_dim(p.width); ++bx) {
      if (p.strategy == Conv2dStrategy::separable) {
        separable_passes(p, bx, by, c);
        c.outputs += std::int64_t(std::min(gx.out_tile_dim(), p.width - gx.out_origin(bx))) *
                     std::min(gy.out_tile_dim(), p.height - gy.out_origin(by));
      }
      for (int ty = 0; ty < Ty; ++ty)
        for (int tx = 0; tx < Tx; ++tx) {
          if (p.strategy == Conv2dStrategy::sliding) {
            const SlidingLane l = sliding_lane(gx, bx, tx);
            for (int y = gy.out_origin(by) - r; y < gy.out_origin(by) + gy.out_tile_dim() + r; ++y)
              for (int k = 0; k < kSlidingColumns; ++k)
                c.tile_loads += loaded(l.x + k, y) + (l.edge_x != kNoEdge && loaded(l.edge_x + k, y));
          } else {
            // Load phase: threads fill shared cells i, i + T^2, ... (one cell each unless tiled_out).
            for (int i = ty * Tx + tx; i < Sx * Sy; i += Tx * Ty)
              c.tile_loads += loaded(gx.shared_origin(bx) + i % Sx, gy.shared_origin(by) + i / Sx);
          }
          if (p.strategy == Conv2dStrategy::separable) continue;  // its passes are the block's, above
          // Compute phase: the thread's outputs (one, fast's 4x4 patch, sliding's 4 x strip).
          for (int ky = 0; ky < gy.outputs_per_thread(); ++ky)
            for (int kx = 0; kx < gx.outputs_per_thread(); ++kx) {
              const int ox = gx.out_coord(bx, tx, kx), oy = gy.out_coord(by, ty, ky);
              if (!gx.computes(tx) || !gy.computes(ty) || !inside(ox, oy)) continue;
              ++c.outputs;
              for (int dy = -r; dy <= r; ++dy)
                for (int dx = -r; dx <= r; ++dx)
                  test::tally_tap(c, tap_source(gx, gy, p.width, p.height, bx, by, ox + dx, oy + dy), filter_global);
            }
        }
    }
  return test::with_totals(c);
}

void expect_same(const TrafficCount& a, const TrafficCount& b, const std::string& what) {
  EXPECT_EQ(a.outputs, b.outputs) << what;
  EXPECT_EQ(a.tile_loads, b.tile_loads) << what;
  EXPECT_EQ(a.taps_shared, b.taps_shared) << what;
  EXPECT_EQ(a.taps_global, b.taps_global) << what;
  EXPECT_EQ(a.taps_ghost_shared, b.taps_ghost_shared) << what;
  EXPECT_EQ(a.taps_ghost_skipped, b.taps_ghost_skipped) << what;
  EXPECT_EQ(a.filter_loads, b.filter_loads) << what;
  EXPECT_EQ(a.flops, b.flops) << what;
  EXPECT_EQ(a.global_load_bytes, b.global_load_bytes) << what;
}

}  // namespace

TEST(TrafficCount, PerAxisCountEqualsBruteForceEmulation) {
  std::mt19937 rng(42);
  for (int trial = 0; trial < 120; ++trial) {
    Conv2dParams p;
    p.strategy = strategy_table<Conv2dStrategy>()[trial % kConv2dStrategyCount].id;
    p.filter_radius = 1 + int(rng() % 3);
    p.tile = 2 * p.filter_radius + 1 + int(rng() % 7);
    p.width = 1 + int(rng() % 40);
    p.height = 1 + int(rng() % 40);
    const std::string what = std::string(strategy_info(p.strategy).name) + " r=" + std::to_string(p.filter_radius) +
                             " tile=" + std::to_string(p.tile) + " " + std::to_string(p.width) + "x" +
                             std::to_string(p.height);
    expect_same(exact_traffic(p), brute_force(p), what);
  }
}

TEST(TrafficCount, SlidingCountEqualsLaneByLaneEmulationAcrossWarpTiles) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 24; ++trial) {
    const int r = 1 + trial % kSlidingMaxRadius;
    const Conv2dParams p{Conv2dStrategy::sliding, r, 1 + int(rng() % 40), 1 + int(rng() % 300), 1 + int(rng() % 90)};
    const std::string what = "sliding r=" + std::to_string(r) + " strip=" + std::to_string(p.tile) + " " +
                             std::to_string(p.width) + "x" + std::to_string(p.height);
    expect_same(exact_traffic(p), brute_force(p), what);
  }
}

TEST(TrafficCount, SlidingReadsEachInputOncePerStripPlusItsHalo) {
  // 256 x 34 (r = 2, strip 34 = 4 + 6 x 5): two warp tiles of one strip; each loads 128 + 8
  // columns of 34 + 4 rows, minus the cells outside the image: 4 columns on the left of warp 0,
  // 4 on the right of warp 1, and 2 rows above and below.
  const Conv2dParams p{Conv2dStrategy::sliding, 2, 34, 256, 34};
  EXPECT_EQ(tiling_of(p, 1).out_tile_dim(), 34);
  const TrafficCount c = exact_traffic(p);
  EXPECT_EQ(c.tile_loads, 2 * 132 * 34);
  EXPECT_EQ(c.taps_global, 0);
  EXPECT_EQ(c.outputs, 256 * 34);
  // Interior model: 128 x 34 outputs, 25 taps, over (136 x 38) loads.
  EXPECT_NEAR(book_model(p).opb_model, 128.0 * 34 * 25 * 2 / (136.0 * 38 * 4), 1e-12);
}

TEST(TrafficCount, WholeImageIsTheSumOfItsBlocks) {
  const Conv2dParams p{Conv2dStrategy::cached_halo, 3, 8, 45, 29};
  const LaunchGeometry l = launch_geometry(p);
  std::int64_t loads = 0, flops = 0;
  for (int by = 0; by < l.grid.y; ++by)
    for (int bx = 0; bx < l.grid.x; ++bx) {
      const TrafficCount b = block_traffic(p, bx, by);
      loads += b.global_load_bytes;
      flops += b.flops;
    }
  EXPECT_EQ(loads, exact_traffic(p).global_load_bytes);
  EXPECT_EQ(flops, exact_traffic(p).flops);
}

TEST(TrafficCount, BoundaryBlocksLoadLessBecauseGhostCellsAreNotLoaded) {
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 16, 1024, 1024};
  EXPECT_LT(block_traffic(p, 0, 0).tile_loads, block_traffic(p, 5, 5).tile_loads);
  EXPECT_EQ(block_traffic(p, 5, 5).tile_loads, 16 * 16);
  EXPECT_EQ(block_traffic(p, 0, 0).tile_loads, 14 * 14);  // two ghost rows and columns
}

TEST(TrafficCount, FloatFourRowsLoadTheirPaddingAndTheBooksStrategiesDoNot) {
  // 1021 columns padded to 1024: fast, separable and sliding load what 1024 columns load; the
  // book's tiled_out loads fewer (its last blocks' 3 columns less on every staged row).
  for (const auto& info : strategy_table<Conv2dStrategy>()) {
    const Conv2dParams odd{info.id, 1, default_tile(info.id, 1), 1021, 67}, even{info.id, 1, odd.tile, 1024, 67};
    if (moves_float4_rows(info.id)) {
      EXPECT_EQ(exact_traffic(odd).tile_loads, exact_traffic(even).tile_loads) << info.name;
    } else if (info.id == Conv2dStrategy::tiled_out) {
      EXPECT_LT(exact_traffic(odd).tile_loads, exact_traffic(even).tile_loads) << info.name;
    }
  }
}
