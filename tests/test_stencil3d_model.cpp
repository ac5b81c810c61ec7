// The stencil3d model against PMPP chapter 8's numbers, the exact count against a per-thread
// emulation of each kernel's loads, and the validation messages.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "kernels/stencil3d_geometry.hpp"
#include "kernels/stencil3d_model.hpp"
#include "kernels/stencil3d_validate.hpp"
#include "kernels/traffic.hpp"

using namespace tilescope;

namespace {

Stencil3dParams params(Stencil3dStrategy s, int order, int tile, int w = 64, int h = 64, int d = 64) {
  Stencil3dParams p;
  p.strategy = s, p.order = order, p.tile = tile, p.width = w, p.height = h, p.depth = d;
  return p;
}

}  // namespace

TEST(Stencil3dModel, ReproducesTheBooksSevenPointNumbers) {
  EXPECT_EQ(book_round(stencil3d_model(params(Stencil3dStrategy::basic, 1, 8)).opb_model), 0.46);  // 13/(7x4)
  const Stencil3dModel tiled = stencil3d_model(params(Stencil3dStrategy::tiled, 1, 8));
  EXPECT_EQ(book_round(tiled.opb_model), 1.37);  // 13 x 6^3 / (4 x 8^3)
  EXPECT_EQ(tiled.opb_bound, 3.25);              // 13/4
  EXPECT_EQ(tiled.in_tile_cells - tiled.out_tile_cells, 296);  // the halo of an 8^3 tile
  EXPECT_EQ(tiled.in_tile_cells, 512);
  EXPECT_EQ(book_round(tiled.halo_fraction()), 0.58);
  EXPECT_EQ(book_round(stencil3d_model(params(Stencil3dStrategy::coarsened, 1, 32)).opb_model), 2.68);
  EXPECT_EQ(book_round(stencil3d_model(params(Stencil3dStrategy::register_tiled, 1, 32)).opb_model), 2.68);
}

TEST(Stencil3dModel, HigherOrdersCountTwoOpsPerPointMinusOne) {
  // 13 points (order 2): 25 ops; 19 points (order 3): 37 ops.
  EXPECT_DOUBLE_EQ(stencil3d_model(params(Stencil3dStrategy::basic, 2, 8)).opb_model, 25.0 / (13 * 4));
  EXPECT_DOUBLE_EQ(stencil3d_model(params(Stencil3dStrategy::tiled, 3, 10)).opb_model, 37.0 * 64 / (4 * 1000));
  EXPECT_DOUBLE_EQ(stencil3d_model(params(Stencil3dStrategy::coarsened, 2, 32)).opb_bound, 25.0 / 4);
}

TEST(Stencil3dLaunch, RegisterTilingKeepsOnePlaneInSharedMemory) {
  const Stencil3dLaunch coarsened = stencil3d_launch(params(Stencil3dStrategy::coarsened, 1, 32));
  const Stencil3dLaunch reg = stencil3d_launch(params(Stencil3dStrategy::register_tiled, 1, 32));
  EXPECT_EQ(coarsened.shared_bytes, 3u * 32 * 32 * 4);
  EXPECT_EQ(reg.shared_bytes, 32u * 32 * 4);
  EXPECT_EQ(reg.register_planes, 3);
  EXPECT_EQ(coarsened.block.z, 1);
  EXPECT_EQ(coarsened.out_planes_per_block, 30);
  const Stencil3dLaunch tiled = stencil3d_launch(params(Stencil3dStrategy::tiled, 1, 8, 256, 256, 256));
  EXPECT_EQ(tiled.threads_per_block, 512);
  EXPECT_EQ(tiled.active_threads_per_block, 216);
  EXPECT_EQ(tiled.grid.x, 43);  // ceil(256 / 6)
}

// Every block of the launch, thread by thread, as the kernels run: which cells are loaded from
// global memory, and which thread writes each output.
Stencil3dCount emulate(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling a = g.axis();
  const Stencil3dLaunch l = stencil3d_launch(p);
  const int k = p.order;
  std::vector<int> writes(std::size_t(p.cells()), 0);
  auto inside = [&](int x, int y, int z) {
    return stencil_in_range(x, p.width) && stencil_in_range(y, p.height) && stencil_in_range(z, p.depth);
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
              if (p.strategy == Stencil3dStrategy::basic) c.global_loads += interior(x, y, z) ? p.points() : 1;
              else ++c.global_loads;  // the tile load
              if (!computes) continue;
              ++writes[(std::size_t(z) * p.height + y) * p.width + x];
              if (!interior(x, y, z)) continue;
              c.interior_outputs += 1;
              c.flops += p.ops_per_output();
              // Every neighbour read must be in this block's input tile (loaded above).
              for (int o = -k; o <= k; ++o) {
                EXPECT_TRUE(a.computes(tx) && tx + o >= 0 && tx + o < l.block.x || p.strategy == Stencil3dStrategy::basic);
                EXPECT_TRUE(tz + o >= 0 && tz + o < p.tile || p.strategy == Stencil3dStrategy::basic);
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
    const auto s = Stencil3dStrategy(rng() % kStencil3dStrategyCount);
    const int k = 1 + int(rng() % kMaxStencilOrder);
    const bool cube = s == Stencil3dStrategy::basic || s == Stencil3dStrategy::tiled;
    const int lo = s == Stencil3dStrategy::basic ? 1 : 2 * k + 1, hi = cube ? 10 : 16;
    const int tile = lo + int(rng() % (hi - lo + 1));
    const Stencil3dParams p = params(s, k, tile, 1 + int(rng() % 23), 1 + int(rng() % 19), 1 + int(rng() % 29));
    ASSERT_FALSE(stencil3d_problem(p)) << *stencil3d_problem(p);
    const Stencil3dCount want = emulate(p), got = stencil3d_count(p);
    SCOPED_TRACE(::testing::Message() << "strategy " << int(s) << " order " << k << " tile " << tile << " grid "
                                      << p.width << "x" << p.height << "x" << p.depth);
    EXPECT_EQ(got.global_loads, want.global_loads);
    EXPECT_EQ(got.ghost_loads_skipped, want.ghost_loads_skipped);
    EXPECT_EQ(got.interior_outputs, want.interior_outputs);
    EXPECT_EQ(got.flops, want.flops);
  }
}

TEST(Stencil3dCount, ApproachesTheModelOnALargeGrid) {
  const Stencil3dParams p = params(Stencil3dStrategy::tiled, 1, 8, 602, 602, 602);  // 100 blocks of 6 per axis
  EXPECT_NEAR(stencil3d_count(p).opb(), stencil3d_model(p).opb_model, 0.02);
}

TEST(Stencil3dValidate, RefusesWhatCannotRunWithAReason) {
  auto problem = [](Stencil3dParams p) { return stencil3d_problem(p).value_or(""); };
  EXPECT_NE(problem(params(Stencil3dStrategy::tiled, 1, 11)).find("T <= 10"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::coarsened, 1, 33)).find("T <= 32"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::tiled, 2, 4)).find("tile >= 5"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::basic, 4, 8)).find("1..3"), std::string::npos);
  EXPECT_NE(problem(params(Stencil3dStrategy::basic, 1, 8, 1024, 1024, 1024)).find("more than"), std::string::npos);
  DeviceLimits small;
  small.max_shared_bytes_per_block = 8 * 1024;
  EXPECT_NE(stencil3d_problem(params(Stencil3dStrategy::coarsened, 1, 32), small).value_or("").find("shared memory"),
            std::string::npos);
  EXPECT_FALSE(stencil3d_problem(params(Stencil3dStrategy::register_tiled, 1, 32), small));  // one plane fits
  EXPECT_FALSE(stencil3d_problem(params(Stencil3dStrategy::basic, 3, 1, 1, 1, 1)));
}
