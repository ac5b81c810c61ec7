// fast's z chunk (fast_chunk_for): from the grid and the GPU's SMs and L2 cache, the chunk with the
// fewest planes marched per resident slot, as bench and the app take it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <climits>

#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

using namespace tilescope;

namespace {
constexpr Stencil3dStrategy kFast = Stencil3dStrategy::fast;
constexpr int kH100Sms = 132;
constexpr long long kH100L2 = 50LL << 20;

// A launch's waves of resident blocks times the planes each block marches.
long long planes_per_slot(int k, int chunk, int w, int h, int d, int sms) {
  const long long slots = 1LL * sms * fast_blocks_per_sm(k);
  const long long waves = (tiling_of({kFast, k, chunk, w, h, d}).fast_active_blocks(w, h, d) + slots - 1) / slots;
  return waves * std::min(chunk, d + 2 * k);
}
int shortest(int k) { return std::max(kFastShortestChunk, 2 * k + 1); }
// The blocks that march one z chunk of the grid: the launch's x and y blocks less the idle ones.
long long blocks_a_plane(int k, int w, int h, int d) {
  const Stencil3dParams p{kFast, k, fast_longest_chunk(k), w, h, d};
  const Stencil3dTiling g = tiling_of(p);
  const Stencil3dLaunch l = launch_geometry(p);
  long long blocks = 0;
  for (int bx = 0; bx < l.grid.x; ++bx)
    for (int by = 0; by < l.grid.y; ++by) blocks += g.flat || !g.fast_block_idle(bx, by, h);
  return blocks;
}
}  // namespace

TEST(FastChunk, WithoutAGpuTheOrdersLongest) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    EXPECT_EQ(fast_chunk_for(k, 512, 512, 512, 0, 0), fast_longest_chunk(k));
    EXPECT_EQ(default_tile(kFast, k), fast_longest_chunk(k)) << "the strategy table's default";
    EXPECT_EQ(default_tile(Stencil3dParams{kFast, k, 1, 64, 64, 64}, DeviceLimits{}), fast_longest_chunk(k));
    EXPECT_GT(fast_longest_chunk(k), 2 * k) << "a chunk has outputs";
  }
}

// The blocks the rule counts are the launch's blocks less the folded column's idle ones.
TEST(FastChunk, ActiveBlocksAreTheLaunchsLessTheIdleOnes) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (int w : {1, 4, 20, 33, 128, 129, 300, 513})
      for (int h : {1, 9, 300})
        for (int chunk : {shortest(k), fast_longest_chunk(k)}) {
          const Stencil3dParams p{kFast, k, chunk, w, h, 23};
          const Stencil3dTiling g = tiling_of(p);
          const Stencil3dLaunch l = launch_geometry(p);
          long long active = 0;
          for (int bx = 0; bx < l.grid.x; ++bx)
            for (int by = 0; by < l.grid.y; ++by) active += g.fast_block_idle(bx, by, h) ? 0 : l.grid.z;
          EXPECT_EQ(g.fast_active_blocks(w, h, p.depth), active) << w << "x" << h << " k=" << k << " T=" << chunk;
        }
}

// Every chunk from the shortest to the longest weighed (the order's, or kFastStreamingChunk where
// its shared planes would come back from DRAM: fast_chunk_streams): none marches fewer planes per resident slot than
// the chosen one, and one that marches as few is shorter, or longer than the grid's depth and its
// ghost planes (it marches the same planes).
TEST(FastChunk, TheFewestPlanesPerResidentSlot) {
  for (int sms : {16, 66, 132, 144})
    for (long long l2 : {6LL << 20, kH100L2})
      for (int k = 1; k <= kMaxStencil3dRadius; ++k)
        for (int w : {4, 33, 65, 129, 300, 513, 1919})
          for (int h : {1, 7, 300, 1079})
            for (int d : {1, 9, 127, 512}) {
              if (1LL * w * h * d > kMaxPixels) continue;  // refused: GridsNoStrategyRunsGetTheOrdersChunk
              const int chunk = fast_chunk_for(k, w, h, d, sms, l2);
              const long long plane_bytes = 4LL * stencil_layout(kFast, w, h, d).plane;  // 33 x 1079 x 512: flat
              const long long slots = 1LL * sms * fast_blocks_per_sm(k), plane_blocks = blocks_a_plane(k, w, h, d);
              const int order_chunk =
                  k == 3 ? fast_order3_chunk(double(slots) / double(plane_blocks)) : fast_longest_chunk(k);
              const int longest = fast_chunk_streams(plane_bytes, order_chunk, l2) ? kFastStreamingChunk : order_chunk;
              ASSERT_GE(chunk, shortest(k));
              ASSERT_LE(chunk, longest);
              const long long planes = planes_per_slot(k, chunk, w, h, d, sms);
              for (int other = shortest(k); other <= longest; ++other) {
                const long long theirs = planes_per_slot(k, other, w, h, d, sms);
                EXPECT_LE(planes, theirs) << w << "x" << h << "x" << d << " k=" << k << " " << sms << " SMs: " << chunk
                                          << " against " << other;
                if (planes == theirs && other > chunk) {
                  EXPECT_GE(other, d + 2 * k) << "a tie goes to the longer chunk";
                }
              }
            }
}

// The measured cases (H100, bench/results/2026-11-26-h100-stencil3d-chunks.md): grids that fill the
// GPU many times over keep the order's chunk; small ones take shorter chunks, more blocks (order 1's
// is the shortest already). At order 3 two 18-plane chunks of 700^2's 2 MB planes outgrow the L2
// cache (fast_chunk_streams; 48 planes ran within 1% of 18 there).
TEST(FastChunk, BigGridsTakeTheOrdersChunkSmallOnesMoreBlocks) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    for (const auto& s : {std::array<int, 3>{512, 512, 512}, {777, 333, 211}, {700, 700, 300}}) {
      if (k == 3 && s[0] == 700) continue;
      EXPECT_EQ(fast_chunk_for(k, s[0], s[1], s[2], kH100Sms, kH100L2), fast_longest_chunk(k)) << "k = " << k;
    }
    if (k == 1) continue;
    for (const auto& s : {std::array<int, 3>{100, 100, 100}, {4, 300, 300}, {129, 131, 127}}) {
      const int chunk = fast_chunk_for(k, s[0], s[1], s[2], kH100Sms, kH100L2);
      EXPECT_LT(chunk, fast_longest_chunk(k)) << s[0] << "x" << s[1] << "x" << s[2] << " k = " << k;
      const auto blocks = [&](int t) {
        return tiling_of({kFast, k, t, s[0], s[1], s[2]}).fast_active_blocks(s[0], s[1], s[2]);
      };
      EXPECT_GT(blocks(chunk), blocks(fast_longest_chunk(k)));
    }
  }
}

// Planes of millions of cells: two chunks of them outgrow the L2 cache, the 2k planes a chunk
// re-reads come from DRAM, and chunks longer than the order's run (or one the grid's depth); at
// orders 2-3 a shallow grid runs as one chunk (1919 x 1079 x 33: 1.04-1.06x faster than 18-plane
// chunks on the H100). Order 1's five resident blocks per SM take shorter ones there: 1919 x 1079 x 33
// ran within 4% at 14 to 42 planes.
TEST(FastChunk, BigPlanesRunLongerChunksAShallowGridOne) {
  EXPECT_FALSE(fast_chunk_streams(4LL << 20, 6, 50LL << 20));  // 48 MB: fits
  EXPECT_TRUE(fast_chunk_streams(4LL << 20, 7, 50LL << 20));
  EXPECT_FALSE(fast_chunk_streams(1LL << 40, 8, 0));  // no L2 known: as if the planes fit it
  EXPECT_GT(fast_chunk_for(3, 700, 700, 300, kH100Sms, kH100L2), fast_longest_chunk(3));  // 2 MB planes stream
  EXPECT_EQ(fast_chunk_for(3, 600, 600, 400, kH100Sms, kH100L2), fast_longest_chunk(3));  // 1.44 MB ones do not
  EXPECT_GT(fast_chunk_for(3, 993, 600, 400, kH100Sms, kH100L2), fast_longest_chunk(3));  // 2.4 MB planes
  EXPECT_EQ(fast_chunk_for(2, 993, 600, 400, kH100Sms, kH100L2), fast_longest_chunk(2));
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (const auto& s : {std::array<int, 3>{1024, 1024, 256},
                          {1000, 1000, 100},
                          {2048, 1024, 96},
                          {1919, 1079, 33},
                          {3840, 2160, 9}}) {
      const int chunk = fast_chunk_for(k, s[0], s[1], s[2], kH100Sms, kH100L2);
      EXPECT_TRUE(chunk > fast_longest_chunk(k) || chunk == s[2] + 2 * k)
          << s[0] << "x" << s[1] << "x" << s[2] << " k = " << k << ": " << chunk;
      if (k > 1 && s[2] < 64) {
        EXPECT_EQ(chunk, s[2] + 2 * k) << s[0] << "x" << s[1] << "x" << s[2] << ": one chunk";
      }
    }
}

// A deep narrow grid would need more z chunks than a grid's z dimension holds: the chunk lengthens
// until they fit, and the launch is valid.
TEST(FastChunk, DeepGridsStayWithinTheGridsZDimension) {
  DeviceLimits h100;
  h100.sm_count = kH100Sms, h100.l2_bytes = kH100L2;
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    Stencil3dParams p{kFast, k, 1, 4, 4, 1 << 24};
    p.tile = default_tile(p, h100);
    EXPECT_LE(tiling_of(p).axis(2).grid_dim(p.depth), h100.max_grid_z) << "k = " << k;
    EXPECT_FALSE(launch_problem(p, h100)) << *launch_problem(p, h100);
  }
}

// A grid no strategy runs (empty, or over kMaxPixels cells) gets the order's chunk, computed without
// overflow; launch_problem refuses the grid itself.
TEST(FastChunk, GridsNoStrategyRunsGetTheOrdersChunk) {
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (const auto& s : {std::array<int, 3>{INT_MAX, 1, 1},
                          {1, INT_MAX, 1},
                          {1, 1, INT_MAX},
                          {65536, 65536, 65536},
                          {0, 5, 5},
                          {5, -1, 5}}) {
      EXPECT_EQ(fast_chunk_for(k, s[0], s[1], s[2], kH100Sms, kH100L2), fast_longest_chunk(k));
      EXPECT_TRUE(launch_problem(Stencil3dParams{kFast, k, fast_longest_chunk(k), s[0], s[1], s[2]}));
    }
  // Orders no kernel runs: their chunk is asked for before launch_problem refuses them (model), so it
  // must neither divide by an empty output tile (k = 9: 2k + 1 planes past the longest chunk) nor
  // overflow 2k + 1.
  for (const int k : {0, -1, kMaxStencil3dRadius + 1, 9, INT_MAX, INT_MIN}) {
    EXPECT_EQ(fast_chunk_for(k, 512, 512, 512, kH100Sms, kH100L2), fast_longest_chunk(k)) << k;
    EXPECT_TRUE(launch_problem(Stencil3dParams{kFast, k, fast_longest_chunk(k), 512, 512, 512})) << k;
  }
}

// Order 3 on an H100 (132 SMs of 3 resident blocks, 50 MB of L2): 12-plane chunks where a plane's
// blocks fill 4 or more z layers of the 396 slots, 14 where 2 to 4, 18 below (both layouts; measured
// in bench/results/2026-11-27-h100-stencil3d-flat-product.md); without a GPU the order's 18.
TEST(FastChunk, OrderThreeFollowsTheZLayersOfResidentBlocks) {
  EXPECT_EQ(fast_order3_chunk(6.9), 12);
  EXPECT_EQ(fast_order3_chunk(3.1), 14);
  EXPECT_EQ(fast_order3_chunk(1.55), 18);
  const struct {
    int w, h, d, blocks, chunk;
  } cases[] = {{123, 456, 789, 57, 12},    // one column of 31 lanes, 8 rows a block
               {250, 250, 1000, 64, 12},   // columns of 32 and 31 lanes
               {9, 8192, 2048, 72, 12},    // a flattened plane of 73728 cells
               {79, 1500, 1500, 125, 14},  // rows of 20 lanes, 12 a block
               {77, 1500, 1500, 113, 14},  // flattened: 115500 cells a plane
               {33, 4096, 1024, 132, 14},  // flattened
               {45, 4096, 1024, 180, 14},  // flattened
               {512, 512, 512, 256, 18}};  // 4 columns of 64 blocks
  for (const auto& c : cases) {
    EXPECT_EQ(blocks_a_plane(3, c.w, c.h, c.d), c.blocks) << c.w << "x" << c.h;
    EXPECT_EQ(fast_chunk_for(3, c.w, c.h, c.d, kH100Sms, kH100L2), c.chunk) << c.w << "x" << c.h;
    EXPECT_EQ(fast_chunk_for(3, c.w, c.h, c.d, 0, 0), fast_longest_chunk(3)) << c.w << "x" << c.h;
    EXPECT_EQ(fast_chunk_for(2, c.w, c.h, c.d, kH100Sms, kH100L2), fast_longest_chunk(2)) << c.w << "x" << c.h;
  }
}
