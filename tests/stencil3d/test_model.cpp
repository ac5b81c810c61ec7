// The stencil3d model against PMPP chapter 8's numbers, the exact count against a per-thread
// emulation of each kernel's loads, and the validation messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kernels/common/traffic.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"

using namespace tilescope;

namespace {

Stencil3dParams params(Stencil3dStrategy s, int order, int tile, int w = 64, int h = 64, int d = 64) {
  Stencil3dParams p;
  p.strategy = s, p.order = order, p.tile = tile, p.width = w, p.height = h, p.depth = d;
  return p;
}

}  // namespace

TEST(Stencil3dModel, ReproducesTheBooksSevenPointNumbers) {
  EXPECT_EQ(book_round(book_model(params(Stencil3dStrategy::basic, 1, 8)).opb_model), 0.46);  // 13/(7x4)
  const Stencil3dModel tiled = book_model(params(Stencil3dStrategy::tiled, 1, 8));
  EXPECT_EQ(book_round(tiled.opb_model), 1.37);                // 13 x 6^3 / (4 x 8^3)
  EXPECT_EQ(tiled.opb_bound, 3.25);                            // 13/4
  EXPECT_EQ(tiled.in_tile_cells - tiled.out_tile_cells, 296);  // the halo of an 8^3 tile
  EXPECT_EQ(tiled.in_tile_cells, 512);
  EXPECT_EQ(book_round(tiled.halo_fraction()), 0.58);
  EXPECT_EQ(book_round(book_model(params(Stencil3dStrategy::coarsened, 1, 32)).opb_model), 2.68);
  EXPECT_EQ(book_round(book_model(params(Stencil3dStrategy::register_tiled, 1, 32)).opb_model), 2.68);
}

TEST(Stencil3dModel, HigherOrdersCountTwoOpsPerPointMinusOne) {
  // 13 points (order 2): 25 ops; 19 points (order 3): 37 ops.
  EXPECT_DOUBLE_EQ(book_model(params(Stencil3dStrategy::basic, 2, 8)).opb_model, 25.0 / (13 * 4));
  EXPECT_DOUBLE_EQ(book_model(params(Stencil3dStrategy::tiled, 3, 10)).opb_model, 37.0 * 64 / (4 * 1000));
  EXPECT_DOUBLE_EQ(book_model(params(Stencil3dStrategy::coarsened, 2, 32)).opb_bound, 25.0 / 4);
}

TEST(Stencil3dLaunch, RegisterTilingKeepsOnePlaneInSharedMemory) {
  const Stencil3dLaunch coarsened = launch_geometry(params(Stencil3dStrategy::coarsened, 1, 32));
  const Stencil3dLaunch reg = launch_geometry(params(Stencil3dStrategy::register_tiled, 1, 32));
  EXPECT_EQ(coarsened.shared_bytes, 3u * 32 * 32 * 4);
  EXPECT_EQ(reg.shared_bytes, 32u * 32 * 4);
  EXPECT_EQ(reg.register_planes, 3);
  EXPECT_EQ(coarsened.block.z, 1);
  EXPECT_EQ(coarsened.out_planes_per_block, 30);
  const Stencil3dLaunch tiled = launch_geometry(params(Stencil3dStrategy::tiled, 1, 8, 256, 256, 256));
  EXPECT_EQ(tiled.threads_per_block, 512);
  EXPECT_EQ(tiled.active_threads_per_block, 216);
  EXPECT_EQ(tiled.grid.x, 43);  // ceil(256 / 6)
}

// Every block of the launch, thread by thread, as the kernels run: which cells are loaded from
// global memory, and which thread writes each output.
Stencil3dCount emulate(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling a = g.axis(0);
  const Stencil3dLaunch l = launch_geometry(p);
  const int k = p.order;
  std::vector<int> writes(std::size_t(p.cells()), 0);
  auto inside = [&](int x, int y, int z) {
    return in_range(x, p.width) && in_range(y, p.height) && in_range(z, p.depth);
  };
  auto interior = [&](int x, int y, int z) {
    return stencil_interior(x, p.width, k) && stencil_interior(y, p.height, k) && stencil_interior(z, p.depth, k);
  };
  Stencil3dCount c;
  for (int bz = 0; bz < l.grid.z; ++bz)
    for (int by = 0; by < l.grid.y; ++by)
      for (int bx = 0; bx < l.grid.x; ++bx)
        for (int ty = 0; ty < l.block.y; ++ty)
          for (int tx = 0; tx < l.block.x; ++tx)
            for (int tz = 0; tz < (g.marches_z() ? p.tile : l.block.z); ++tz) {  // marching: the z loop
              const int x = a.cell(bx, tx), y = a.cell(by, ty), z = a.cell(bz, tz);
              // (The marching loop stops once its output plane leaves the grid: those planes are ghosts.)
              if (!inside(x, y, z)) {
                c.ghost_loads_skipped += p.strategy != Stencil3dStrategy::basic;
                continue;
              }
              const bool computes = a.computes(tx) && a.computes(ty) && a.computes(tz);
              if (p.strategy == Stencil3dStrategy::basic)
                c.global_loads += interior(x, y, z) ? p.points() : 1;
              else
                ++c.global_loads;  // the tile load
              if (!computes) continue;
              ++writes[(std::size_t(z) * p.height + y) * p.width + x];
              if (!interior(x, y, z)) continue;
              c.interior_outputs += 1;
              c.flops += p.ops_per_output();
              // Every neighbour read must be in this block's input tile (loaded above).
              for (int o = -k; o <= k; ++o) {
                EXPECT_TRUE((a.computes(tx) && tx + o >= 0 && tx + o < l.block.x) ||
                            p.strategy == Stencil3dStrategy::basic);
                EXPECT_TRUE((tz + o >= 0 && tz + o < p.tile) || p.strategy == Stencil3dStrategy::basic);
              }
            }
  for (int w : writes) {
    EXPECT_EQ(w, 1);
    if (w != 1) break;
  }
  c.outputs = p.cells();
  return c;
}

// The fast kernel, thread by thread: the register queue's plane loads, then per output plane the
// 2k rows (L1) and the x neighbours, shuffled from a lane of the same warp or loaded at the row's end.
// A thread owns 4 cells from x0, loaded and stored as one float4: past the width they are the row's
// padding (stencil_layout), never a cell of the grid.
Stencil3dCount emulate_fast(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling ax = g.axis(0), az = g.axis(2);
  const Stencil3dLaunch l = launch_geometry(p);
  const int k = p.order, v = kFastVec;
  EXPECT_EQ(g.pitch % v, 0);  // every float4 16-byte aligned
  EXPECT_GE(g.pitch, p.width);
  EXPECT_TRUE(g.pitch < p.width + v || g.pitch % kFastLineFloats == 0);  // a float4's padding, or 128-byte rows
  EXPECT_EQ(l.block.x, kFastWarp);  // launched 32 x 8; each column folds the threads into its rows
  EXPECT_EQ(l.threads_per_block, kFastThreads);
  std::vector<int> writes(std::size_t(p.cells()), 0);
  Stencil3dCount c;
  for (int bz = 0; bz < l.grid.z; ++bz)
    for (int by = 0; by < l.grid.y; ++by)
      for (int bx = 0; bx < l.grid.x; ++bx) {
        const int lanes = g.row_lanes(bx);
        const StencilAxisTiling ay = g.axis(1, bx);
        // As many whole rows as the block's threads hold: fewer than a row's lanes idle.
        EXPECT_LE(ay.tile * lanes, kFastThreads);
        EXPECT_GT((ay.tile + 1) * lanes, kFastThreads);
        // Only the last column folds, into rows of exactly the float4s of its pitch.
        if (lanes < kFastWarp) {
          EXPECT_EQ(bx, l.grid.x - 1);
          EXPECT_EQ(g.pitch / v - bx * kFastWarp, lanes);
        }
        if (g.fast_block_idle(bx, by, p.height)) {  // exits at once: a folded column needs fewer blocks
          EXPECT_GE(ay.cell(by, 0), p.height);
          continue;
        }
        for (int th = 0; th < l.threads_per_block; ++th) {
          const int lane = th % lanes, x0 = ax.cell(bx, lane), y = ay.cell(by, th / lanes), z0 = az.in_origin(bz);
          const bool row = th / lanes < ay.threads();  // else past the block's whole rows: holds no cells
          const bool column = row && in_range(x0, p.width) && in_range(y, p.height);
          if (column) {
            EXPECT_LE(x0 + v, g.pitch);  // its float4 lies inside the row's pitch
          }
          const int owned = column ? std::min(v, p.width - x0) : 0;  // its cells inside the row
          for (int t = 0; t < az.tile; ++t) {                        // the queue's loads (past the grid: skipped)
            const int loaded = column && in_range(z0 + t, p.depth) ? v : 0;
            c.global_loads += loaded;
            c.ghost_loads_skipped += v - loaded;
          }
          for (int t = 2 * k; t < az.tile; ++t) {
            const int zc = z0 + t - k;
            if (zc >= p.depth) break;
            EXPECT_TRUE(az.computes(t - k));  // step t computes the tile's plane t - k
            if (!column) continue;
            for (int j = 0; j < owned; ++j) ++writes[(std::size_t(zc) * p.height + y) * p.width + x0 + j];
            if (!stencil_interior(y, p.height, k) || !stencil_interior(zc, p.depth, k)) continue;
            c.global_loads += 2 * k * v;  // rows y - o and y + o, float4s
            for (int o = 1; o <= k; ++o)
              for (int d : {-o, v - 1 + o}) {
                if (fast_loads_x_neighbour(th, d, v, lanes)) {
                  c.global_loads += in_range(x0 + d, p.width);
                } else {  // the thread it comes from, in the same warp and row, holds exactly that cell
                  const int from = th + fast_lane_shift(d, v);
                  EXPECT_EQ(from / kFastWarp, th / kFastWarp);
                  EXPECT_EQ(from / lanes, th / lanes);
                  EXPECT_EQ(ax.cell(bx, from % lanes) + fast_component(d, v), x0 + d);
                }
              }
            for (int j = 0; j < owned; ++j) {
              if (!stencil_interior(x0 + j, p.width, k)) continue;
              ++c.interior_outputs;
              c.flops += p.ops_per_output();
              for (int o = -k; o <= k; ++o) {  // the overlay's tap colours say the same
                const int d = j + o;
                const StencilTapSource want = d >= 0 && d < v                           ? StencilTapSource::registers
                                              : fast_loads_x_neighbour(th, d, v, lanes) ? StencilTapSource::global
                                                                                        : StencilTapSource::shuffle;
                EXPECT_EQ(stencil_tap_source(g, 0, o, x0 + j, y), want);
                EXPECT_EQ(stencil_tap_source(g, 2, o, x0 + j, y), StencilTapSource::registers);
                if (o) {
                  EXPECT_EQ(stencil_tap_source(g, 1, o, x0 + j, y), StencilTapSource::global);
                }
              }
            }
          }
        }
      }
  for (int w : writes) {
    EXPECT_EQ(w, 1);
    if (w != 1) break;
  }
  c.outputs = p.cells();
  return c;
}

TEST(Stencil3dCount, MatchesAnEmulationOfEveryBlockOnRandomGrids) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 60; ++trial) {
    // temporal's count has its own emulation (test_temporal.cpp): the book's strategies and fast here
    const auto s = Stencil3dStrategy(rng() % int(Stencil3dStrategy::temporal));
    const int k = 1 + int(rng() % kMaxStencil3dRadius);
    const bool cube = s == Stencil3dStrategy::basic || s == Stencil3dStrategy::tiled;
    const int lo = s == Stencil3dStrategy::basic ? 1 : 2 * k + 1, hi = cube ? 10 : 16;
    const int tile = lo + int(rng() % (hi - lo + 1));
    const Stencil3dParams p = params(s, k, tile, 1 + int(rng() % 300), 1 + int(rng() % 19), 1 + int(rng() % 29));
    ASSERT_FALSE(launch_problem(p)) << *launch_problem(p);
    const Stencil3dCount want = s == Stencil3dStrategy::fast ? emulate_fast(p) : emulate(p), got = exact_traffic(p);
    SCOPED_TRACE(::testing::Message() << "strategy " << int(s) << " order " << k << " tile " << tile << " grid "
                                      << p.width << "x" << p.height << "x" << p.depth);
    EXPECT_EQ(got.global_loads, want.global_loads);
    EXPECT_EQ(got.ghost_loads_skipped, want.ghost_loads_skipped);
    EXPECT_EQ(got.interior_outputs, want.interior_outputs);
    EXPECT_EQ(got.flops, want.flops);
  }
}

TEST(Stencil3dCount, FastMatchesItsEmulationForEveryVectorWidth) {
  // Widths divisible by 4, by 2 only, odd (the last two kinds padded to a float4); 200 = 1 full
  // block + 72; 261 = 2 full blocks + 5 (the last column folds into rows of 2 lanes, 128 deep);
  // 513 = 4 + 1 (rows of 1 lane, 256 deep). 261 tall: the folded columns need fewer block rows.
  for (int height : {11, 261})
    for (int width : {200, 132, 68, 4, 70, 6, 33, 1, 261, 255, 383, 320, 513})
      for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
        const Stencil3dParams p = params(Stencil3dStrategy::fast, k, 2 * k + 4, width, height, 7);
        ASSERT_FALSE(launch_problem(p)) << *launch_problem(p);
        const Stencil3dCount want = emulate_fast(p), got = exact_traffic(p);
        SCOPED_TRACE(::testing::Message() << "order " << k << " width " << width);
        EXPECT_EQ(got.global_loads, want.global_loads);
        EXPECT_EQ(got.ghost_loads_skipped, want.ghost_loads_skipped);
        EXPECT_EQ(got.interior_outputs, want.interior_outputs);
      }
}

TEST(Stencil3dGeometry, FastXNeighboursComeFromTheNextLaneOrTheRowsEnd) {
  // float4: x0 - 1 is component 3 of the lane to the left; x0 + 4 component 0 of the lane to the right.
  EXPECT_EQ(fast_lane_shift(-1, 4), -1);
  EXPECT_EQ(fast_component(-1, 4), 3);
  EXPECT_EQ(fast_lane_shift(4, 4), 1);
  EXPECT_EQ(fast_component(4, 4), 0);
  EXPECT_EQ(fast_lane_shift(-3, 1), -3);  // scalar rows, order 3: three lanes away
  EXPECT_TRUE(fast_loads_x_neighbour(0, -1, 4, 32));
  EXPECT_FALSE(fast_loads_x_neighbour(1, -1, 4, 32));
  EXPECT_TRUE(fast_loads_x_neighbour(31, 4, 4, 32));
  EXPECT_FALSE(fast_loads_x_neighbour(15, 4, 4, 32));
  EXPECT_TRUE(fast_loads_x_neighbour(15, 4, 4, 16));  // rows of 16 lanes: lane 15 ends the row
  EXPECT_TRUE(fast_loads_x_neighbour(2, -3, 1, 32));
  // Rows of 9 lanes (33 wide): thread 31 is lane 4 of row 3, which goes on in the next warp.
  EXPECT_TRUE(fast_loads_x_neighbour(31, 4, 4, 9));
  EXPECT_TRUE(fast_loads_x_neighbour(32, -1, 4, 9));
  EXPECT_FALSE(fast_loads_x_neighbour(30, 4, 4, 9));
  EXPECT_TRUE(fast_loads_x_neighbour(35, 4, 4, 9));   // lane 8 ends row 3
  EXPECT_TRUE(fast_loads_x_neighbour(36, -1, 4, 9));  // lane 0 starts row 4
  // 512^3, order 1, T = 18: 128 x 8 output columns, 16 planes per block, 4 x 64 x 32 blocks of 256 threads.
  const Stencil3dLaunch l = launch_geometry(params(Stencil3dStrategy::fast, 1, 18, 512, 512, 512));
  EXPECT_EQ(l.block.x, 32);
  EXPECT_EQ(l.block.y, 8);
  EXPECT_EQ(l.grid.x, 4);
  EXPECT_EQ(l.grid.y, 64);
  EXPECT_EQ(l.grid.z, 32);
  EXPECT_EQ(l.active_threads_per_block, 256);
  EXPECT_EQ(l.shared_bytes, 0u);
  EXPECT_EQ(l.out_planes_per_block, 16);
  // 511 wide: the same threads and blocks, rows padded to 512 floats, no shared memory.
  const Stencil3dParams odd = params(Stencil3dStrategy::fast, 3, 18, 511, 512, 512);
  EXPECT_EQ(launch_geometry(odd).grid.x, 4);
  EXPECT_EQ(launch_geometry(odd).shared_bytes, 0u);
  EXPECT_EQ(tiling_of(odd).pitch, 512);
}

TEST(Stencil3dGeometry, FastFoldsOnlyTheLastColumnIntoRowsOfItsFloat4s) {
  for (int pitch = kFastVec; pitch <= 4096; pitch += kFastVec) {
    const int float4s = pitch / kFastVec, columns = (float4s + kFastWarp - 1) / kFastWarp;
    for (int bx = 0; bx < columns; ++bx) {
      const int lanes = fast_row_lanes(pitch, bx), left = float4s - bx * kFastWarp;
      // The row goes on past the column: a warp a row; else exactly the rest of the grid's row.
      EXPECT_EQ(lanes, std::min(left, kFastWarp)) << pitch;
      const int rows = tiling_of(params(Stencil3dStrategy::fast, 1, 18, pitch, 64, 64)).axis(1, bx).tile;
      EXPECT_EQ(rows, kFastThreads / lanes) << pitch;
      EXPECT_LT(kFastThreads - rows * lanes, lanes) << pitch;  // fewer than a row's lanes idle
    }
  }
  // 33 wide (pitch 36): one column of 9 lanes by 28 rows, 252 of the 256 threads hold cells, where
  // a warp row would have 9 of 32. Launched 32 x 8 all the same.
  const Stencil3dParams narrow = params(Stencil3dStrategy::fast, 1, 18, 33, 64, 64);
  const Stencil3dLaunch l = launch_geometry(narrow);
  EXPECT_EQ(tiling_of(narrow).row_lanes(0), 9);
  EXPECT_EQ(tiling_of(narrow).axis(1, 0).tile, 28);
  EXPECT_EQ(l.block.x, 32);
  EXPECT_EQ(l.block.y, 8);
  EXPECT_EQ(l.grid.x, 1);
  EXPECT_EQ(l.grid.y, 3);
  // 513 wide (pitch 516, 129 float4s): four columns of warp rows, then one of rows of a single lane,
  // 256 deep: 2 of the grid's 64 block rows cover 512 rows there; the other 62 exit at once.
  const Stencil3dTiling wide = tiling_of(params(Stencil3dStrategy::fast, 3, 18, 513, 512, 512));
  const Stencil3dLaunch l513 = launch_geometry(params(Stencil3dStrategy::fast, 3, 18, 513, 512, 512));
  EXPECT_EQ(l513.grid.y, 64);
  EXPECT_EQ(l513.row_lanes, 32);
  EXPECT_EQ(l513.last_row_lanes, 1);
  EXPECT_EQ(l513.last_block_rows, 2);
  EXPECT_EQ(wide.row_lanes(3), 32);
  EXPECT_EQ(wide.row_lanes(4), 1);
  EXPECT_EQ(wide.axis(1, 4).tile, 256);
  EXPECT_FALSE(wide.fast_block_idle(4, 1, 512));
  EXPECT_TRUE(wide.fast_block_idle(4, 2, 512));
  EXPECT_FALSE(wide.fast_block_idle(3, 63, 512));
}

TEST(Stencil3dGeometry, FastRowsOnABigPlaneStart128BytesApart) {
  EXPECT_EQ(fast_row_pitch(1000, 1000, 100), 1024);  // 24 floats of padding: 1/42 of the row
  EXPECT_EQ(fast_row_pitch(1000, 500, 100), 1000);   // a plane under 2^19 cells: float4 rows
  EXPECT_EQ(fast_row_pitch(1001, 1000, 100), 1024);
  EXPECT_EQ(fast_row_pitch(513, 2048, 100), 516);    // 31 floats to 544: more than 1/32 of the row
  EXPECT_EQ(fast_row_pitch(900, 700, 100), 900);     // 928 would leave 7 of its last column's 8 lanes idle
  EXPECT_EQ(fast_row_pitch(1200, 1200, 100), 1216);  // 4 of 16 idle
  EXPECT_EQ(fast_row_pitch(1919, 1079, 100), 1920);
  EXPECT_EQ(fast_row_pitch(2048, 1024, 100), 2048);
  // 1000 x 1000 x 268 fits kMaxPixels at pitch 1000, not at 1024: float4 rows, so fast still runs it.
  EXPECT_EQ(fast_row_pitch(1000, 1000, 268), 1000);
  EXPECT_FALSE(launch_problem(params(Stencil3dStrategy::fast, 3, 40, 1000, 1000, 268)));
  for (int height : {100, 600, 4096})
    for (int width = 1; width <= 4096; ++width) {
      const int pitch = fast_row_pitch(width, height, 7);
      EXPECT_EQ(pitch % kFastVec, 0);
      EXPECT_GE(pitch, width);
      if (pitch < width + kFastVec) continue;  // the float4 padding
      EXPECT_EQ(pitch % kFastLineFloats, 0) << width;
      EXPECT_LE((pitch - width) * kFastLineFloats, width) << width;
      EXPECT_GE(1LL * width * height, kFastLinePlaneCells) << width;
      const int last_lanes = fast_row_lanes(pitch, (pitch / kFastVec - 1) / kFastWarp);
      EXPECT_LE(4 * (pitch - float4_row_pitch(width)) / kFastVec, last_lanes) << width;
    }
  const Stencil3dTiling g = tiling_of(params(Stencil3dStrategy::fast, 3, 40, 1000, 1000, 100));
  EXPECT_EQ(g.pitch, 1024);
  EXPECT_EQ(launch_geometry(params(Stencil3dStrategy::fast, 3, 40, 1000, 1000, 100)).row_pitch, 1024);
  EXPECT_EQ(launch_geometry(params(Stencil3dStrategy::fast, 3, 40, 1000, 500, 100)).row_pitch, 1000);
  EXPECT_EQ(g.plane, 1024LL * 1000);
  EXPECT_EQ(g.row_lanes(7), kFastWarp);  // 8 columns of warp rows; 6 lanes of the last hold no cells
  // The lanes past the row's cells load nothing: the count is the emulation's, and the loads are
  // those of rows of the float4s that hold the cells.
  for (const auto& [width, height] : {std::pair{1000, 600}, {1001, 530}, {1500, 400}})
    for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
      const Stencil3dParams p = params(Stencil3dStrategy::fast, k, 2 * k + 3, width, height, 9);  // interior planes
      ASSERT_GT(tiling_of(p).pitch, float4_row_pitch(width));
      const Stencil3dCount want = emulate_fast(p), got = exact_traffic(p);
      SCOPED_TRACE(::testing::Message() << "order " << k << " width " << width);
      EXPECT_EQ(got.global_loads, want.global_loads);
      EXPECT_EQ(got.ghost_loads_skipped, want.ghost_loads_skipped);
      EXPECT_EQ(got.interior_outputs, want.interior_outputs);
    }
}

TEST(Stencil3dModel, FastCountsItsL1RowsAsGlobalLoads) {
  // Per output at k = 1, T = 18 (Z = 16), float4 rows: 18/16 queue loads + 2 rows + 2/128 row-end cells.
  const Stencil3dModel m = book_model(params(Stencil3dStrategy::fast, 1, 18, 512, 512, 512));
  EXPECT_NEAR(m.opb_model, 13.0 / (4 * (18.0 / 16 + 2 + 2.0 / 128)), 1e-12);
  EXPECT_NEAR(m.opb_bound, 13.0 / (4 * (3 + 2.0 / 128)), 1e-12);
  EXPECT_EQ(m.out_tile_cells, 128 * 8 * 16);
  EXPECT_EQ(m.in_tile_cells, 128 * 8 * 18 + 16 * 2 * (128 + 8));
  const Stencil3dParams big = params(Stencil3dStrategy::fast, 1, 18, 512, 512, 512);
  EXPECT_NEAR(exact_traffic(big).opb(), m.opb_model, 0.02);
}

TEST(Stencil3dCount, FastLoadsTheRowPaddingItsFloat4sCover) {
  // 1021 wide: rows padded to 1024 floats. Every queue and y-row load is a whole float4 and the
  // row-end lanes load the same x neighbours, so fast moves the 1024-wide grid's bytes; it
  // computes only the 1021 columns' outputs.
  auto count = [](int width) { return exact_traffic(params(Stencil3dStrategy::fast, 1, 18, width, 64, 64)); };
  const Stencil3dCount odd = count(1021), padded = count(1024), narrower = count(1020);
  EXPECT_EQ(odd.global_loads, padded.global_loads);
  EXPECT_GT(odd.global_loads, narrower.global_loads);
  EXPECT_EQ(odd.outputs, 1021 * 64 * 64);
  EXPECT_EQ(odd.interior_outputs, 1019 * 62 * 62);
  EXPECT_LT(odd.opb(), padded.opb());  // fewer useful operations for the same bytes
}

TEST(Stencil3dCount, ApproachesTheModelOnALargeGrid) {
  const Stencil3dParams p = params(Stencil3dStrategy::tiled, 1, 8, 602, 602, 602);  // 100 blocks of 6 per axis
  EXPECT_NEAR(exact_traffic(p).opb(), book_model(p).opb_model, 0.02);
}

TEST(Stencil3dValidate, RefusesWhatCannotRunWithAReason) {
  auto problem = [](Stencil3dParams p) { return launch_problem(p).value_or(""); };
  EXPECT_NE(problem(params(Stencil3dStrategy::tiled, 1, 11)).find("T <= 10"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::coarsened, 1, 33)).find("T <= 32"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::tiled, 2, 4)).find("tile >= 5"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::basic, 4, 8)).find("1..3"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::basic, 1, 8, 1024, 1024, 1024)).find("more than"), std::string::npos);
  DeviceLimits small;
  small.max_shared_bytes_per_block = 8 * 1024;
  EXPECT_NE(launch_problem(params(Stencil3dStrategy::coarsened, 1, 32), small).value_or("").find("shared memory"),
            std::string::npos);
  EXPECT_FALSE(launch_problem(params(Stencil3dStrategy::register_tiled, 1, 32), small));  // one plane fits
  EXPECT_FALSE(launch_problem(params(Stencil3dStrategy::basic, 3, 1, 1, 1, 1)));
  // fast's tile is a z chunk: bounded, so no absurd chunk reaches the launch arithmetic.
  EXPECT_NE(problem(params(Stencil3dStrategy::fast, 1, 2147483647)).find("longer than the longest"), std::string::npos);
  EXPECT_FALSE(launch_problem(params(Stencil3dStrategy::fast, 1, kMaxFastChunk)));
  // fast pads each row of 129 cells to 132: a grid of 129 x 2080 x 1000 cells is within the bound
  // dense (the book's kernels run it) and past it padded. A narrow grid that large runs on a
  // flattened plane (fast_flat), dense.
  const Stencil3dParams wide = params(Stencil3dStrategy::fast, 1, 18, 129, 2080, 1000);
  EXPECT_NE(problem(wide).find("pads each row"), std::string::npos);
  EXPECT_FALSE(launch_problem(params(Stencil3dStrategy::coarsened, 1, 8, 129, 2080, 1000)));
  EXPECT_FALSE(launch_problem(params(Stencil3dStrategy::fast, 1, 18, 1, (1 << 13) + 1, 1 << 14)));
}
