// conv1d: the book's numbers (PMPP 3rd ed. 7.4 load-reduction ratios, 0.25 / 0.5 OP/B), exact
// counts against a brute-force emulation of every thread, launch geometry and validation.
#include <gtest/gtest.h>

#include <random>

#include "kernels/common/error.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "tests/common/tally_taps.hpp"

using namespace tilescope;

namespace {

Conv1dParams params(Conv1dStrategy s, int r, int tile, int length = 1 << 20) { return {s, r, tile, length}; }

// Every thread of every block: its loads as the kernel's load roles say (tiled: own element,
// left halo if among the last n, right halo if among the first n; fast: its float4s, element by
// element inside the signal), its outputs and their taps through tap_source.
TrafficCount brute_force(const Conv1dParams& p) {
  const Conv1dTiling g = tiling_of(p);
  const bool filter_global = !strategy_info(p.strategy).filter_in_constant_memory;
  TrafficCount c;
  for (int b = 0; b < g.grid_dim(p.length); ++b)
    for (int t = 0; t < g.threads(); ++t) {
      if (g.is_fast()) {
        for (int pass = 0; g.float4_of(t, pass) < g.shared_float4s(); ++pass)
          for (int e = 0; e < kConv1dFastGroup; ++e)
            c.tile_loads += in_range(g.shared_coord(b, kConv1dFastGroup * g.float4_of(t, pass) + e), p.length);
      } else if (g.shared_dim() > 0) {
        for (int slot : {g.left_halo_slot(t), g.own_slot(t), g.right_halo_slot(t)})
          if (slot >= 0) c.tile_loads += in_range(g.shared_coord(b, slot), p.length);
      }
      for (int o = 0; o < g.outputs_per_thread(); ++o) {
        const int i = g.out_coord(b, t, o);
        if (i >= p.length) continue;
        ++c.outputs;
        for (int k = i - p.filter_radius; k <= i + p.filter_radius; ++k)
          test::tally_tap(c, tap_source(g, p.length, b, k), filter_global);
      }
    }
  return test::with_totals(c);
}

std::string name(const Conv1dParams& p) {
  return std::string(strategy_info(p.strategy).name) + " r=" + std::to_string(p.filter_radius) +
         " tile=" + std::to_string(p.tile) + " length=" + std::to_string(p.length);
}

}  // namespace

TEST(Conv1dBookModel, BasicIsQuarterAndConstantMemoryHalfAnOpPerByte) {
  EXPECT_DOUBLE_EQ(book_model(params(Conv1dStrategy::basic, 2, 1024)).opb_model, 0.25);
  EXPECT_DOUBLE_EQ(book_model(params(Conv1dStrategy::const_mem, 2, 1024)).opb_model, 0.5);
}

TEST(Conv1dBookModel, InteriorLoadReductionOf1024ThreadsAndFiveTapsIs498) {
  const LoadReduction l = load_reduction(params(Conv1dStrategy::tiled, 2, 1024));
  EXPECT_DOUBLE_EQ(l.interior, 5120.0 / 1028.0);
  EXPECT_NEAR(book_round(l.interior), 4.98, 1e-12);
  // A boundary block skips n(n+1)/2 = 3 ghost loads in basic and n = 2 halo loads in tiled.
  EXPECT_DOUBLE_EQ(l.boundary, 5117.0 / 1026.0);
}

TEST(Conv1dBookModel, LoadReductionApproachesTheFilterWidthForLargeBlocks) {
  for (int r : {1, 4, 16}) {
    const double width = 2 * r + 1;
    const LoadReduction small = load_reduction(params(Conv1dStrategy::tiled, r, 32));
    const LoadReduction large = load_reduction(params(Conv1dStrategy::tiled, r, 1024));
    EXPECT_LT(small.interior, large.interior);
    EXPECT_LT(large.interior, width);
    EXPECT_GT(large.interior, width * 0.95) << "r=" << r;
  }
}

TEST(Conv1dBookModel, TheBooksRatiosAreWhatTheEmulatedBlocksLoad) {
  // Interior block: basic loads blockDim(2n+1) elements, tiled blockDim + 2n. Block 0: the
  // ghosts on the left cost basic n(n+1)/2 loads and tiled its n left halo loads.
  for (int r = 1; r <= kMaxConv1dRadius; r += 3)
    for (int tile : {32, 96, 1024}) {
      const Conv1dParams basic = params(Conv1dStrategy::basic, r, tile), tiled = params(Conv1dStrategy::tiled, r, tile);
      const LoadReduction l = load_reduction(tiled);
      EXPECT_DOUBLE_EQ(double(block_traffic(basic, 7).taps_global) / block_traffic(tiled, 7).tile_loads, l.interior)
          << name(tiled);
      EXPECT_DOUBLE_EQ(double(block_traffic(basic, 0).taps_global) / block_traffic(tiled, 0).tile_loads, l.boundary)
          << name(tiled);
    }
}

TEST(Conv1dBookModel, WholeSignalReductionLiesBetweenBoundaryAndInterior) {
  const LoadReduction l = load_reduction(params(Conv1dStrategy::tiled, 2, 1024, 10 * 1024));
  // Ten blocks, two of them boundary blocks, whose ratio is the higher one.
  EXPECT_GT(l.counted, l.interior);
  EXPECT_LT(l.counted, l.boundary);
  const double basic_loads = 10 * 5120 - 2 * 3, tiled_loads = 10 * 1028 - 2 * 2;
  EXPECT_DOUBLE_EQ(l.counted, basic_loads / tiled_loads);
}

TEST(Conv1dBookModel, InteriorBlockCountEqualsTheModelForEveryStrategy) {
  for (int s = 0; s < kConv1dStrategyCount; ++s)
    for (int r = 1; r <= kMaxConv1dRadius; ++r)
      for (int tile : {32, 33, 256, 1024}) {
        const Conv1dParams p = params(strategy_table<Conv1dStrategy>()[s].id, r, tile);
        EXPECT_NEAR(block_traffic(p, 100).opb(), book_model(p).opb_model, 1e-12) << name(p);
      }
}

TEST(Conv1dBookModel, TiledReusesEachElementUpToTheFilterWidth) {
  const BookModel m = book_model(params(Conv1dStrategy::tiled, 2, 1024));
  EXPECT_DOUBLE_EQ(m.opb_model, 1024.0 * 5 * 2 / (1028 * 4));
  EXPECT_DOUBLE_EQ(m.opb_bound, 2.5);
  const BookModel halo = book_model(params(Conv1dStrategy::cached_halo, 2, 1024));
  EXPECT_DOUBLE_EQ(halo.opb_model, 1024.0 * 5 * 2 / ((1024 + 6) * 4));  // n(n+1) = 6 halo reads
  ASSERT_TRUE(halo.opb_l2_halo.has_value());
  EXPECT_DOUBLE_EQ(*halo.opb_l2_halo, 2.5);
  EXPECT_FALSE(m.opb_l2_halo.has_value());
}

TEST(Conv1dTraffic, SixteenElementsInBlocksOfFourMatchTheBooksFigure) {
  // PMPP's figure: 16 elements, 4 threads per block, n = 2 (tile 4 is below the launch minimum
  // but the geometry is the same). Tiled block 0 loads N[0..5], block 1 N[2..9]: 6 + 8 + 8 + 6.
  const Conv1dParams p = params(Conv1dStrategy::tiled, 2, 4, 16);
  EXPECT_EQ(block_traffic(p, 0).tile_loads, 6);
  EXPECT_EQ(block_traffic(p, 1).tile_loads, 8);
  EXPECT_EQ(exact_traffic(p).tile_loads, 28);
  EXPECT_EQ(exact_traffic(p).taps_ghost_shared, 6);  // 3 on each side
  // basic: 16 x 5 taps minus 3 ghosts per side.
  EXPECT_EQ(exact_traffic(params(Conv1dStrategy::basic, 2, 4, 16)).taps_global, 74);
}

TEST(Conv1dTraffic, WholeSignalCountEqualsBruteForceEmulation) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    Conv1dParams p;
    p.strategy = strategy_table<Conv1dStrategy>()[trial % kConv1dStrategyCount].id;
    p.filter_radius = 1 + int(rng() % kMaxConv1dRadius);
    p.tile = kMinConv1dTile + int(rng() % 70);
    if (p.strategy == Conv1dStrategy::fast) p.tile -= p.tile % kConv1dFastOutputsPerThread;
    p.length = 1 + int(rng() % 3000);
    const TrafficCount a = exact_traffic(p), b = brute_force(p);
    EXPECT_EQ(a.outputs, b.outputs) << name(p);
    EXPECT_EQ(a.tile_loads, b.tile_loads) << name(p);
    EXPECT_EQ(a.taps_shared, b.taps_shared) << name(p);
    EXPECT_EQ(a.taps_global, b.taps_global) << name(p);
    EXPECT_EQ(a.taps_ghost_shared, b.taps_ghost_shared) << name(p);
    EXPECT_EQ(a.taps_ghost_skipped, b.taps_ghost_skipped) << name(p);
    EXPECT_EQ(a.filter_loads, b.filter_loads) << name(p);
    EXPECT_EQ(a.flops, b.flops) << name(p);
    EXPECT_EQ(a.global_load_bytes, b.global_load_bytes) << name(p);
  }
}

TEST(Conv1dGeometry, EveryTiledSlotHasExactlyOneLoaderAndItIsLoaderOfSlot) {
  for (int r : {1, 5, 32})
    for (int tile : {32, 45, 1024}) {
      const Conv1dTiling g{Conv1dStrategy::tiled, r, tile};
      std::vector<int> loads(g.shared_dim(), 0);
      for (int t = 0; t < tile; ++t)
        for (int slot : {g.left_halo_slot(t), g.own_slot(t), g.right_halo_slot(t)})
          if (slot >= 0) {
            ++loads[slot];
            EXPECT_EQ(g.loader_of_slot(slot), t) << "slot " << slot;
          }
      for (int slot = 0; slot < g.shared_dim(); ++slot) EXPECT_EQ(loads[slot], 1) << "slot " << slot;
      // The left halo is the previous tile's last n elements, the right halo the next tile's first n.
      EXPECT_EQ(g.shared_coord(3, g.left_halo_slot(tile - 1)), 3 * tile - 1);
      EXPECT_EQ(g.shared_coord(3, g.right_halo_slot(0)), 4 * tile);
    }
}

TEST(Conv1dLaunch, OneThreadPerOutputAndSharedMemoryForTheTile) {
  const LaunchGeometry tiled = launch_geometry(params(Conv1dStrategy::tiled, 2, 1024, 10000));
  EXPECT_EQ(tiled.grid.x, 10);
  EXPECT_EQ(tiled.block.x, 1024);
  EXPECT_EQ(tiled.shared_bytes, 1028u * 4);
  EXPECT_EQ(tiled.constant_bytes, 5u * 4);
  EXPECT_EQ(tiled.threads_launched, 10240);
  EXPECT_EQ(launch_geometry(params(Conv1dStrategy::cached_halo, 2, 256)).shared_bytes, 256u * 4);
  EXPECT_EQ(launch_geometry(params(Conv1dStrategy::basic, 2, 256)).shared_bytes, 0u);
  EXPECT_EQ(launch_geometry(params(Conv1dStrategy::basic, 2, 256)).constant_bytes, 0u);
}

TEST(Conv1dValidate, AcceptsBlocksOfOneWarpToTheLimitAndRadiiOneToThirtyTwo) {
  for (int tile : {32, 33, 1000, 1024})
    for (int r : {1, 16, kMaxConv1dRadius})
      for (int s = 0; s < kConv1dStrategyCount; ++s)
        if (strategy_table<Conv1dStrategy>()[s].id != Conv1dStrategy::fast || tile % kConv1dFastOutputsPerThread == 0) {
          EXPECT_FALSE(launch_problem(params(strategy_table<Conv1dStrategy>()[s].id, r, tile, 1)));
        }
}

TEST(Conv1dValidate, FastRefusesATileThatIsNotAMultipleOfItsEightOutputsPerThread) {
  const std::string why = launch_problem(params(Conv1dStrategy::fast, 2, 36)).value_or("");
  EXPECT_NE(why.find("multiple of 8, not 36"), std::string::npos) << why;
  EXPECT_FALSE(launch_problem(params(Conv1dStrategy::fast, 2, 40)));
}

TEST(Conv1dGeometry, FastGivesEveryOutputOfTheTileToExactlyOneThreadInFloat4Groups) {
  for (int tile : {32, 64, 1024}) {
    const Conv1dTiling g{Conv1dStrategy::fast, 3, tile};
    EXPECT_EQ(g.threads(), tile / 8);
    std::vector<int> owners(tile, 0);
    for (int t = 0; t < g.threads(); ++t)
      for (int k = 0; k < g.outputs_per_thread(); ++k) {
        const int i = g.out_coord(2, t, k);
        ASSERT_TRUE(in_range(i - g.out_origin(2), tile)) << "t " << t << " k " << k;
        ++owners[i - g.out_origin(2)];
        EXPECT_EQ(g.thread_of(i), t);
        EXPECT_EQ(g.output_of(i), k);
        // 4 consecutive outputs per group, the groups one tile-half (threads() float4s) apart.
        EXPECT_EQ(i, g.out_origin(2) + 4 * t + k % 4 + (k / 4) * tile / 2);
      }
    for (int j = 0; j < tile; ++j) EXPECT_EQ(owners[j], 1) << "output " << j;
  }
}

TEST(Conv1dGeometry, FastStagesTheHaloRoundedUpToFloat4sAndEachFloat4HasOneLoader) {
  for (int r : {1, 4, 5, 32})
    for (int tile : {32, 1024}) {
      const Conv1dTiling g{Conv1dStrategy::fast, r, tile};
      const int h = (r + 3) / 4 * 4;
      EXPECT_EQ(g.shared_halo(), h);
      EXPECT_EQ(g.shared_dim(), tile + 2 * h);
      EXPECT_EQ(g.shared_origin(5) % 4, 0);  // 16-byte aligned float4 loads
      std::vector<int> loads(g.shared_float4s(), 0);
      for (int t = 0; t < g.threads(); ++t)
        for (int pass = 0; g.float4_of(t, pass) < g.shared_float4s(); ++pass) {
          const int q = g.float4_of(t, pass);
          ++loads[q];
          for (int e = 0; e < 4; ++e) EXPECT_EQ(g.loader_of_slot(4 * q + e), t);
        }
      for (int q = 0; q < g.shared_float4s(); ++q) EXPECT_EQ(loads[q], 1) << "float4 " << q;
      EXPECT_TRUE(g.is_halo_slot(h - 1));
      EXPECT_FALSE(g.is_halo_slot(h));
      EXPECT_TRUE(g.is_halo_slot(h + tile));
    }
}

TEST(Conv1dLaunch, FastRunsTileOverEightThreadsAndCountsTheThreadsThatCompute) {
  const LaunchGeometry l = launch_geometry(params(Conv1dStrategy::fast, 5, 1024, 10000));
  EXPECT_EQ(l.grid.x, 10);
  EXPECT_EQ(l.block.x, 128);
  EXPECT_EQ(l.threads_launched, 1280);
  EXPECT_EQ(l.in_tile_dim, 1024 + 2 * 8);
  EXPECT_EQ(l.shared_bytes, (1024u + 16) * 4);
  // The last block holds 10000 - 9216 = 784 outputs: threads 0..127 start at 4t, all < 784.
  EXPECT_EQ(l.threads_computing, 1280);
  // 9216 + 20: threads 0..4 have a first output (4t < 20).
  EXPECT_EQ(launch_geometry(params(Conv1dStrategy::fast, 5, 1024, 9236)).threads_computing, 9 * 128 + 5);
  EXPECT_EQ(launch_geometry(params(Conv1dStrategy::tiled, 5, 1024, 9236)).threads_computing, 9236);
}

TEST(Conv1dBookModel, FastLoadsTheTilePlusTheFloat4RoundedHalo) {
  const BookModel m = book_model(params(Conv1dStrategy::fast, 5, 1024));
  EXPECT_DOUBLE_EQ(m.opb_model, 1024.0 * 11 * 2 / ((1024 + 16) * 4));
  EXPECT_EQ(block_traffic(params(Conv1dStrategy::fast, 5, 1024), 3).tile_loads, 1024 + 16);
  // Block 0: the 8 left halo cells are ghosts, stored as zeros without a load.
  EXPECT_EQ(block_traffic(params(Conv1dStrategy::fast, 5, 1024), 0).tile_loads, 1024 + 8);
}

TEST(Conv1dValidate, RefusesWithAReasonThatNamesTheLimit) {
  auto why = [](Conv1dParams p, DeviceLimits l = {}) { return launch_problem(p, l).value_or(""); };
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 0, 64)).find("radius 0 is out of range"), std::string::npos);
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 33, 64)).find("1..32"), std::string::npos);
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 2, 31)).find("one warp"), std::string::npos);
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 2, 1025)).find("to 1024 threads"), std::string::npos);
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 2, 64, 0)).find("empty"), std::string::npos);
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 2, 64, (1 << 28) + 1)).find("more than"), std::string::npos);
  DeviceLimits small;
  small.max_shared_bytes_per_block = 4096;  // tiled at 1024 threads, r = 2 needs 4112 B
  EXPECT_NE(why(params(Conv1dStrategy::tiled, 2, 1024), small).find("4112 bytes of shared memory"), std::string::npos);
  EXPECT_FALSE(launch_problem(params(Conv1dStrategy::cached_halo, 2, 1024), small));
  EXPECT_THROW(validate_launch(params(Conv1dStrategy::tiled, 0, 64)), InvalidInput);
}
