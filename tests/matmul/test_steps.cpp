// matmul's step-through (kernels/matmul/steps.hpp) against the exact traffic count, and the
// order of a tiled phase: the slots the multiply reads were stored in that phase's load step,
// before barrier 1, by the thread the geometry names.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/steps.hpp"
#include "tests/common/spread.hpp"
#include "tests/common/timeline_checks.hpp"

using namespace tilescope;

namespace {

// Tiles from the smallest to the largest, odd and lopsided sizes (M is rows x inner, N inner x cols).
std::vector<MatmulParams> spread() {
  const int sizes[][3] = {{7, 13, 5}, {33, 3, 20}};
  std::vector<MatmulParams> out;
  for (const MatmulParams& p : test::spread<MatmulParams>(
           kMatmulStrategyCount, {kMinMatmulTile, 3, 8, 16, kMaxMatmulTile}, {0, 1}, {0},
           [&](int s, int tile, int size, int) {
             return MatmulParams{MatmulStrategy(s), tile, sizes[size][0], sizes[size][1], sizes[size][2]};
           }))
    if (!matmul_steps_problem(p.strategy)) out.push_back(p);
  return out;
}

std::string name(const MatmulParams& p) {
  return std::to_string(int(p.strategy)) + " tile" + std::to_string(p.tile) + " " + std::to_string(p.rows) + "x" +
         std::to_string(p.inner) + "x" + std::to_string(p.cols);
}

}  // namespace

TEST(MatmulSteps, LastStepCountsSummedOverAllBlocksEqualTheExactTrafficCount) {
  // The exact count has no shared-memory figure: loads, flops and stores are compared.
  test::expect_blocks_add_up_to_the_exact_count(
      spread(), 15u, 2 /* naive and tiled */,
      [](const MatmulParams& p, int bx, int by, int) { return matmul_timeline(p, bx, by); }, name);
}

TEST(MatmulSteps, EachPhaseMultipliesTilesStoredInItsOwnLoadStepBeforeBarrierOne) {
  for (const MatmulParams& p : spread()) {
    if (p.strategy != MatmulStrategy::tiled) continue;
    const MatmulTiling g = tiling_of(p);
    const int T = g.tile_rows;  // tiled: TILE_WIDTH, square
    const BlockTimeline tl = matmul_timeline(p, g.grid_cols(p.cols) - 1, g.grid_rows(p.rows) - 1);
    ASSERT_EQ(int(tl.steps.size()), g.phases(p.inner) * kMatmulStepsPerPhase + 1) << name(p);
    for (int ph = 0; ph < g.phases(p.inner); ++ph) {
      const int load = ph * kMatmulStepsPerPhase, multiply = load + 2;
      ASSERT_EQ(tl.steps[std::size_t(load)].kind, StepKind::load);
      ASSERT_EQ(tl.steps[std::size_t(load) + 1].kind, StepKind::barrier);
      ASSERT_EQ(tl.steps[std::size_t(multiply)].kind, StepKind::compute);
      // Thread (tx, ty) reads Mds[ty][k] and Nds[k][tx]: stored by threads (k, ty) and (tx, k).
      for (int t = 0; t < T; ++t)
        for (int k = 0; k < T; ++k) {
          const SlotFill m = tl.slot(k, t, multiply), n = tl.slot(t, T + k, multiply);
          EXPECT_EQ(m.step, load) << name(p);
          EXPECT_EQ(n.step, load) << name(p);
          EXPECT_EQ(m.thread, t * T + k) << name(p);
          EXPECT_EQ(n.thread, k * T + t) << name(p);
          EXPECT_EQ(m.ghost, !(g.row_of(g.grid_rows(p.rows) - 1, t) < p.rows && g.phase_k(ph, k) < p.inner)) << name(p);
        }
    }
  }
}

TEST(MatmulSteps, FastSaysWhyItHasNoStepThrough) {
  EXPECT_TRUE(matmul_steps_problem(MatmulStrategy::fast));
  EXPECT_FALSE(matmul_steps_problem(MatmulStrategy::naive));
  EXPECT_FALSE(matmul_steps_problem(MatmulStrategy::tiled));
}
