// stencil3d's step-through (kernels/stencil3d/steps.hpp) against the exact traffic count, and
// the order of the marching blocks: at each z step the plane computed reads ring planes that
// hold exactly the planes z - k .. z + k, stored before the barrier in front of it.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/steps.hpp"
#include "tests/common/spread.hpp"
#include "tests/common/timeline_checks.hpp"

using namespace tilescope;

namespace {

constexpr Stencil3dStrategy kStepped[] = {Stencil3dStrategy::basic, Stencil3dStrategy::tiled,
                                          Stencil3dStrategy::coarsened, Stencil3dStrategy::register_tiled,
                                          Stencil3dStrategy::temporal};

// Every order, small and large tiles, odd and lopsided grids: each launchable combination of the
// strategies with a step-through.
std::vector<Stencil3dParams> spread() {
  const int grids[][3] = {{13, 11, 9}, {5, 20, 17}};
  std::vector<Stencil3dParams> out;
  for (const Stencil3dParams& p : test::spread<Stencil3dParams>(
           kStencil3dStrategyCount, {1, 2, 3}, {3, 4, 7, 10, 16}, {0, 1}, [&](int s, int k, int tile, int grid) {
             return Stencil3dParams{Stencil3dStrategy(s), k, tile, grids[grid][0], grids[grid][1], grids[grid][2]};
           }))
    if (!stencil3d_steps_problem(p.strategy)) out.push_back(p);
  return out;
}

std::string name(const Stencil3dParams& p) {
  return std::to_string(int(p.strategy)) + " k" + std::to_string(p.order) + " tile" + std::to_string(p.tile) + " " +
         std::to_string(p.width) + "x" + std::to_string(p.height) + "x" + std::to_string(p.depth);
}

}  // namespace

TEST(Stencil3dSteps, LastStepCountsSummedOverAllBlocksEqualTheExactTrafficCount) {
  // The exact count has no shared-memory figure: loads, flops and stores are compared.
  test::expect_blocks_add_up_to_the_exact_count(spread(), 40u, int(std::size(kStepped)), stencil3d_timeline, name);
}

TEST(Stencil3dSteps, CoarsenedComputesEachPlaneFromTheRingPlanesHoldingItsZNeighbours) {
  for (const Stencil3dParams& p : spread()) {
    if (p.strategy != Stencil3dStrategy::coarsened) continue;
    const int k = p.order, T = p.tile, ring = 2 * k + 1;
    const StencilAxisTiling az = tiling_of(p).axis(2);
    const int bz = az.grid_dim(p.depth) - 1, z0 = az.in_origin(bz);  // the last block: it stops early
    const BlockTimeline tl = stencil3d_timeline(p, 0, 0, bz);
    int barrier = -1, computed = 0;
    for (int s = 0; s < int(tl.steps.size()); ++s) {
      const BlockStep& step = tl.steps[std::size_t(s)];
      if (step.kind == StepKind::barrier) barrier = s;
      if (step.kind != StepKind::compute) continue;
      ++computed;
      ASSERT_GE(step.z, 0) << name(p);
      // Thread (k, k) of block (0, 0) is inner; the ring plane holding z + o was stored by it
      // at the load step of plane z + o, before the last barrier.
      for (int o = -k; o <= k; ++o) {
        const int z = step.z + o;
        if (!in_range(z, p.depth)) continue;
        const SlotFill f = tl.slot(k, ((z - z0) % ring) * T + k, s);
        ASSERT_GE(f.step, 0) << name(p) << ": plane " << z << " never stored";
        EXPECT_EQ(tl.steps[std::size_t(f.step)].z, z) << name(p) << ": the ring plane holds another plane";
        EXPECT_LT(f.step, barrier) << name(p) << ": read before the barrier after its load";
        EXPECT_EQ(f.thread, k * T + k) << name(p);
      }
    }
    EXPECT_GT(computed, 0) << name(p);
  }
}

TEST(Stencil3dSteps, TiledShellLoadsButOnlyTheInnerCubeComputes) {
  // Fig 8.8, T = 6, k = 1, an interior block: 216 threads load, the inner 4^3 = 64 compute.
  const BlockTimeline tl = stencil3d_timeline({Stencil3dStrategy::tiled, 1, 6, 40, 40, 40}, 2, 2, 2);
  ASSERT_EQ(tl.steps.size(), 4u);  // load, barrier, compute, store
  EXPECT_EQ(test::working(tl, 0), 216);
  EXPECT_EQ(test::working(tl, 2), 64);
  EXPECT_EQ(tl.steps.back().counts.flops, 64 * 13);
  EXPECT_EQ(tl.steps.back().counts.shared_reads, 64 * 7);
}

TEST(Stencil3dSteps, FastSaysWhyItHasNoStepThrough) {
  EXPECT_TRUE(stencil3d_steps_problem(Stencil3dStrategy::fast));
  for (Stencil3dStrategy s : kStepped) EXPECT_FALSE(stencil3d_steps_problem(s));
}

TEST(Stencil3dSteps, TemporalBlocksAddUpToTheExactCountAtEveryFusedDepth) {
  // One launch fusing K steps (K up to what the order allows in one pass), odd grids, short and long chunks.
  std::vector<Stencil3dParams> params;
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (int steps = 1; steps <= temporal_max_fused(k); ++steps)
      for (int chunk : {3, 7, 40})
        for (const auto& g : {std::array<int, 3>{70, 131, 45}, std::array<int, 3>{13, 9, 11}})
          params.push_back({Stencil3dStrategy::temporal, k, chunk, g[0], g[1], g[2], steps});
  test::expect_blocks_add_up_to_the_exact_count(params, 20u, 1, stencil3d_timeline, name);
}

TEST(Stencil3dSteps, TemporalWorksOnAValidRegionThatShrinksByKEachStep) {
  // An interior block at order 1 fusing 4 steps: the load, steps 1-4, the store. Each step's threads
  // are those owning a cell of its region, which loses k cells on each side a step. A thread owns a
  // float4 in 2 rows: 32, 32, 30, 30 and 28 rows of threads work; in x, 16 lanes until step 4's region,
  // 4 cells in, drops the halo's float4 on each side (14 lanes).
  const Stencil3dParams p{Stencil3dStrategy::temporal, 1, 8, 300, 300, 100, 4};
  const BlockTimeline tl = stencil3d_timeline(p, 2, 2, 2);
  ASSERT_EQ(tl.steps.size(), 6u);
  EXPECT_EQ(tl.steps.front().kind, StepKind::load);
  EXPECT_EQ(tl.steps.back().kind, StepKind::store);
  const int lanes[] = {16, 16, 16, 16, 14}, rows[] = {32, 32, 30, 30, 28};
  for (int s = 0; s <= 4; ++s) EXPECT_EQ(test::working(tl, s), lanes[s] * rows[s]) << "step " << s;
  EXPECT_EQ(test::working(tl, 5), 14 * 28);  // the output tile: 56 x 56 cells
  EXPECT_EQ(tl.steps.back().counts.global_loads, 64LL * 64 * (8 + 2 * 4));
  EXPECT_EQ(tl.steps.back().counts.flops, 56LL * 56 * 8 * 4 * 13);
}
