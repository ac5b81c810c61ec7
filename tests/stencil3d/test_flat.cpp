// fast on a flattened plane (fast_flat): which grids take it, their device layout, and the exact
// count against a thread-by-thread emulation of the kernel (stencil_fast_flat_kernel), whose taps
// the overlay's colours must name.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"

using namespace tilescope;

namespace {

constexpr Stencil3dStrategy kFast = Stencil3dStrategy::fast;

// A grid `width` wide and `depth` deep just past kFastFlatCells, so that it is flattened.
Stencil3dParams flat_params(int k, int tile, int width, int depth) {
  const int height = int((kFastFlatCells + 1LL * width * depth - 1) / (1LL * width * depth));
  return {kFast, k, tile, width, height, depth};
}

// The kernel, thread by thread. Thread th of block bx owns cells f0 .. f0 + 3 of the flattened
// plane (f0 = (bx * 256 + th) * 4), where f0 is inside the padded plane. Its queue loads its float4
// at every plane of its chunk inside the grid; at an interior plane, a thread with an interior cell
// loads its 2k rows (o W cells away: one float4 where o W is a multiple of 4, else the two around
// them) and, at lane 0 or 31, its k x neighbours past the warp. Every plane is the same, so one
// plane is emulated and counted once per interior plane.
Stencil3dCount emulate_flat(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const Stencil3dLaunch l = launch_geometry(p);
  const StencilAxisTiling az = g.axis(2);
  const int k = p.order, v = kFastVec;
  const long long cells = 1LL * p.width * p.height;
  EXPECT_TRUE(g.flat && l.flat);
  EXPECT_EQ(g.pitch, p.width);  // dense rows
  EXPECT_EQ(g.plane % v, 0);    // every plane starts 16-byte aligned
  EXPECT_GE(g.plane, cells);
  EXPECT_LT(g.plane, cells + v);
  EXPECT_EQ(l.threads_per_block, kFastThreads);
  EXPECT_EQ(l.grid.y, 1);
  EXPECT_EQ(1LL * l.grid.x * l.grid.z, g.fast_active_blocks(p.width, p.height, p.depth));
  long long planes_loaded = 0;  // by each thread that owns a float4, over its chunks
  for (int bz = 0; bz < l.grid.z; ++bz)
    for (int t = 0; t < az.tile; ++t) planes_loaded += in_range(az.in_origin(bz) + t, p.depth);
  Stencil3dCount c;
  std::vector<int> writes(std::size_t(cells), 0);
  std::int64_t plane_loads = 0, plane_interior = 0;  // at each interior plane
  for (int bx = 0; bx < l.grid.x; ++bx)
    for (int th = 0; th < kFastThreads; ++th) {
      const long long f0 = (1LL * bx * kFastThreads + th) * v;
      const int lane = th % kFastWarp;
      const bool owns = f0 < g.plane;
      c.global_loads += owns ? planes_loaded * v : 0;
      c.ghost_loads_skipped += 1LL * l.grid.z * az.tile * v - (owns ? planes_loaded * v : 0);
      bool interior = false;
      for (int j = 0; j < v; ++j) {
        const long long f = f0 + j;
        if (!owns || f >= cells) continue;
        ++writes[std::size_t(f)];
        const int x = int(f % p.width), y = int(f / p.width);
        if (!stencil_interior(x, p.width, k) || !stencil_interior(y, p.height, k)) continue;
        interior = true;
        ++plane_interior;
        for (int o = -k; o <= k; ++o) {  // the overlay's tap colours say the same
          const long long shift = (f + o) / v - f0 / v;
          const StencilTapSource want = shift == 0                                      ? StencilTapSource::registers
                                        : lane + shift < 0 || lane + shift >= kFastWarp ? StencilTapSource::global
                                                                                        : StencilTapSource::shuffle;
          EXPECT_EQ(stencil_tap_source(g, 0, o, x, y), want) << x << "," << y << " o " << o;
          EXPECT_EQ(stencil_tap_source(g, 2, o, x, y), StencilTapSource::registers);
          if (o) {
            EXPECT_EQ(stencil_tap_source(g, 1, o, x, y), StencilTapSource::global);
          }
        }
      }
      if (!interior) continue;
      for (int o = -k; o <= k; ++o)
        if (o) plane_loads += (1LL * o * p.width) % v == 0 ? v : 2 * v;
      if (lane == 0 || lane == kFastWarp - 1) plane_loads += k;
    }
  for (int w : writes) {  // every cell of a plane written by one thread
    EXPECT_EQ(w, 1);
    if (w != 1) break;
  }
  const std::int64_t interior_planes = std::max(0, p.depth - 2 * k);
  c.global_loads += interior_planes * plane_loads;
  c.interior_outputs = interior_planes * plane_interior;
  c.flops = c.interior_outputs * p.ops_per_output();
  c.outputs = p.cells();
  return c;
}

}  // namespace

TEST(Stencil3dFlat, LargeGridsWhosePaddingAddsASixteenthOrNarrowOnesWithTwoCellsOrMore) {
  EXPECT_TRUE(fast_flat(33, 4096, 1024));  // 3 cells of padding a row: 1/11
  EXPECT_TRUE(fast_flat(9, 8192, 2048));
  EXPECT_TRUE(fast_flat(45, 600, 625));     // 1/15, 16.9 M cells
  EXPECT_TRUE(fast_flat(30, 760, 740));     // 2 cells: 1/15
  EXPECT_TRUE(fast_flat(15, 1500, 750));    // 1 cell: 1/15
  EXPECT_TRUE(fast_flat(46, 600, 625));     // 2 cells: 1/23, under 128 wide
  EXPECT_TRUE(fast_flat(49, 600, 625));     // 3 cells: 1/16.3
  EXPECT_TRUE(fast_flat(121, 400, 400));    // 3 cells: 1/40, pitch 124
  EXPECT_FALSE(fast_flat(35, 4096, 1024));  // 1 cell: 1/35
  EXPECT_FALSE(fast_flat(63, 1024, 512));   // 1 cell: 1/63
  EXPECT_FALSE(fast_flat(125, 1024, 512));  // 3 cells, but a pitch of 128: rows of whole warps
  EXPECT_FALSE(fast_flat(129, 1024, 512));
  EXPECT_FALSE(fast_flat(36, 4096, 1024));      // rows of float4s already
  EXPECT_FALSE(fast_flat(33, 512, 400));        // 27 MB: the L2 cache holds it
  EXPECT_FALSE(fast_flat(45, 600, 621));        // just under 2^24 cells
  EXPECT_TRUE(fast_flat(122, 1024, 512));       // 2 cells, pitch 124
  EXPECT_FALSE(fast_flat(123, 1024, 512));      // 1 cell
  for (int width = 1; width <= 600; ++width) {  // narrow rows of 2-3 cells' padding, or 1 cell under 16 wide
    const int padding = float4_row_pitch(width) - width;
    const bool narrow = float4_row_pitch(width) < kFastColumnCells;
    EXPECT_EQ(fast_flat(width, 1 << 12, 1 << 12), narrow && (padding >= 2 || (padding == 1 && width < 16))) << width;
  }
  // The app's grids are cubes of at most 512: none is flattened, and none has rows 128 bytes apart
  // (fast_row_pitch), so its overlays and panel draw and describe float4 rows.
  for (int n = 1; n <= 512; ++n) {
    EXPECT_FALSE(fast_flat(n, n, n)) << n;
    EXPECT_EQ(stencil_layout(kFast, n, n, n).row, float4_row_pitch(n)) << n;
  }
}

TEST(Stencil3dFlat, OnlyFastAndTemporalLayTheirGridsOutOtherwiseThanDense) {
  for (int width = 1; width <= 600; ++width)
    for (int s = 0; s < kStencil3dStrategyCount; ++s) {
      const auto strategy = Stencil3dStrategy(s);
      const StencilGridLayout l = stencil_layout(strategy, width, 7, 5);
      if (strategy == Stencil3dStrategy::temporal) {  // float4 rows, as fast's narrow planes
        EXPECT_EQ(l.row, float4_row_pitch(width));
        EXPECT_EQ(l.plane, 7LL * l.row);
        continue;
      }
      if (strategy != kFast) {  // the book's kernels index the grid as the book does
        EXPECT_EQ(l.row, width);
        EXPECT_EQ(l.plane, 7LL * width);
        continue;
      }
      EXPECT_EQ(l.row % kFastVec, 0) << width;  // each row starts 16-byte aligned
      EXPECT_GE(l.row, width);
      EXPECT_LT(l.row, width + kFastVec) << width;  // the least padding that does it
      EXPECT_EQ(l.plane, 7LL * l.row);
    }
  for (int width : {1, 2, 3, 5, 9, 33, 30, 15, 45}) {
    const Stencil3dParams p = flat_params(1, 8, width, 16);
    const StencilGridLayout l = stencil_layout(kFast, p.width, p.height, p.depth);
    const long long cells = 1LL * p.width * p.height;
    EXPECT_EQ(l.row, width);  // dense rows
    EXPECT_EQ(l.plane % kFastVec, 0) << width;
    EXPECT_GE(l.plane, cells);
    EXPECT_LT(l.plane, cells + kFastVec);
    EXPECT_FALSE(launch_problem(p)) << *launch_problem(p);
  }
}

TEST(Stencil3dFlat, CountMatchesAnEmulationOfEveryThread) {
  // Every width mod 4 the flattened plane takes (rows o W cells away shifted by 1, 2 or 3 cells),
  // grids too narrow for interior cells at higher orders (1, 2, 3, 5 wide), and chunks that end
  // part-way through the depth.
  for (int width : {33, 30, 15, 9, 45, 1, 2, 3, 5, 6, 7})
    for (int k = 1; k <= kMaxStencil3dRadius; ++k)
      for (int tile : {2 * k + 1, 2 * k + 6}) {
        const Stencil3dParams p = flat_params(k, tile, width, 11);
        ASSERT_FALSE(launch_problem(p)) << *launch_problem(p);
        SCOPED_TRACE(::testing::Message()
                     << "order " << k << " tile " << tile << " grid " << p.width << "x" << p.height << "x" << p.depth);
        const Stencil3dCount want = emulate_flat(p), got = exact_traffic(p);
        EXPECT_EQ(got.global_loads, want.global_loads);
        EXPECT_EQ(got.ghost_loads_skipped, want.ghost_loads_skipped);
        EXPECT_EQ(got.interior_outputs, want.interior_outputs);
        EXPECT_EQ(got.flops, want.flops);
      }
}

TEST(Stencil3dFlat, LaunchCoversAPlaneWithBlocksOf1024Cells) {
  // 33 x 4096 x 1024 at order 3, T = 18: 135168 cells a plane, 132 blocks of 1024; 86 chunks of 12.
  const Stencil3dParams p{kFast, 3, 18, 33, 4096, 1024};
  const Stencil3dLaunch l = launch_geometry(p);
  EXPECT_TRUE(l.flat);
  EXPECT_EQ(l.grid.x, 132);
  EXPECT_EQ(l.grid.y, 1);
  EXPECT_EQ(l.grid.z, 86);
  EXPECT_EQ(l.block.x * l.block.y, 256);
  EXPECT_EQ(l.row_lanes, 0);  // no rows of lanes: one flattened row
  EXPECT_EQ(l.shared_bytes, 0u);
}

TEST(Stencil3dFlat, ModelCountsTheShiftedRowsTwoFloat4sEach) {
  // 33 wide, order 1: rows 33 cells away start 1 cell past a float4 boundary, so each of the 2 rows is
  // 2 float4s: 4 loads a cell per plane, and 2 x 8 warp-edge loads per 1024-cell block.
  const Stencil3dModel m1 = book_model({kFast, 1, 18, 33, 4096, 1024});
  EXPECT_NEAR(m1.opb_model, 13.0 * 1024 * 16 / (4 * (1024.0 * 18 + 16 * (4 * 1024.0 + 16))), 1e-12);
  EXPECT_NEAR(m1.opb_bound, 13.0 / (4 * (1 + 4 + 16.0 / 1024)), 1e-12);
  EXPECT_EQ(m1.out_tile_cells, 1024 * 16);
  EXPECT_EQ(m1.in_tile_cells, 1024 * 18 + 16 * 2 * 33);
  // 30 wide, order 2: rows 1 away are shifted (2 float4s), rows 2 away (60 cells) aligned (1).
  const Stencil3dModel m2 = book_model({kFast, 2, 18, 30, 4096, 1024});
  EXPECT_NEAR(m2.opb_bound, 25.0 / (4 * (1 + 6 + 32.0 / 1024)), 1e-12);
}
