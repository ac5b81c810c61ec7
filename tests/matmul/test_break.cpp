// Break it (issue 18) for matmul tiled (PMPP Fig 5.13): each broken variant differs from the
// reference at exactly the P elements the geometry says it damages, on the CPU and (where a device
// is usable) on CUDA; the strategies and bugs that make no sense are refused with a reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "tests/common/break_checks.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/damage.hpp"
#include "tests/common/test_util.hpp"
#include "tests/matmul/break_damage.hpp"

using namespace tilescope;
using test::predicted_damage;

namespace {

struct Case {
  MatmulParams p;
  std::vector<float> M, N;

  std::vector<float> reference() const {
    std::vector<float> P(std::size_t(p.rows) * p.cols);
    matmul_cpu(M.data(), N.data(), P.data(), p.rows, p.inner, p.cols);
    return P;
  }
  void emulate(Break bug, float* P) const { matmul_broken_cpu(p, bug, M.data(), N.data(), P); }
  std::vector<char> damage(Break bug) const { return predicted_damage(p, bug); }
  int width() const { return p.cols; }
  std::string describe(Break bug) const {
    return std::string(break_info(bug).name) + " TILE_WIDTH=" + std::to_string(p.tile) + " " + std::to_string(p.rows) +
           "x" + std::to_string(p.inner) + "x" + std::to_string(p.cols);
  }
};

// TILE_WIDTH from the smallest (one warp a block) to the largest; sizes smaller than a tile, odd,
// rectangular and K a tile's multiple or not.
std::vector<Case> spread() {
  std::vector<Case> cases;
  const int sizes[][3] = {{1, 1, 1}, {7, 5, 3}, {24, 16, 20}, {33, 17, 9}, {40, 64, 31}};
  for (int tile : {2, 4, 5, 8, 13, 16, 32})
    for (const auto& s : sizes) {
      const MatmulParams p{MatmulStrategy::tiled, tile, s[0], s[1], s[2]};
      cases.push_back({p, test::random_image(s[1], s[0], unsigned(tile), 0.5f, 1.0f).pixels,
                       test::random_image(s[2], s[1], unsigned(tile + 99), 0.5f, 1.0f).pixels});
    }
  return cases;
}

const Break kBugs[] = {Break::no_barrier, Break::no_ghost_zero, Break::origin_off_by_one};

}  // namespace

TEST(MatmulBreak, TheCpuEmulationDamagesExactlyThePredictedOutputs) {
  // The emulation sums in the tiled order, not the reference's.
  test::expect_emulation_damages_as_predicted(spread(), kBugs,
                                              [](const Case& c) { return matmul_tolerance(c.p.inner, 1.0f, 1.0f); });
}

TEST(MatmulBreak, OriginOffByOneMultipliesTheMatricesMovedOneElementAlongEveryAxis) {
  for (const Case& c : spread()) {
    const MatmulParams& p = c.p;
    // M'[i][k] = M[i + 1][k + 1], N'[k][j] = N[k + 1][j + 1], zero past the matrices.
    std::vector<float> M(c.M.size()), N(c.N.size()), expect(std::size_t(p.rows) * p.cols), P(expect.size());
    for (int i = 0; i < p.rows; ++i)
      for (int k = 0; k < p.inner; ++k)
        M[std::size_t(i) * p.inner + k] =
            i + 1 < p.rows && k + 1 < p.inner ? c.M[std::size_t(i + 1) * p.inner + k + 1] : 0.0f;
    for (int k = 0; k < p.inner; ++k)
      for (int j = 0; j < p.cols; ++j)
        N[std::size_t(k) * p.cols + j] =
            k + 1 < p.inner && j + 1 < p.cols ? c.N[std::size_t(k + 1) * p.cols + j + 1] : 0.0f;
    matmul_cpu(M.data(), N.data(), expect.data(), p.rows, p.inner, p.cols);
    matmul_broken_cpu(p, Break::origin_off_by_one, c.M.data(), c.N.data(), P.data());
    EXPECT_TRUE(test::same_as(P, expect, matmul_tolerance(p.inner, 1.0f, 1.0f)))
        << c.describe(Break::origin_off_by_one);
  }
}

TEST(MatmulBreak, NoBarrierDamagesTheWarpsThatReadALaterWarpsRowOfNds) {
  // TILE_WIDTH 8: warp 0 is rows ty 0..3 of the block, warp 1 rows 4..7. Warp 0 reads Nds rows
  // 4..7 (warp 1's); warp 1 reads only its own Mds rows and warp 0's Nds rows: intact.
  const MatmulParams p{MatmulStrategy::tiled, 8, 16, 8, 16};
  const std::vector<char> d = predicted_damage(p, Break::no_barrier);
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col)
      EXPECT_EQ(bool(d[std::size_t(row) * 16 + col]), row % 8 < 4) << row << "," << col;
  EXPECT_EQ(predicted_damage({MatmulStrategy::tiled, 5, 10, 10, 10}, Break::no_barrier),
            std::vector<char>(100, 0));  // 25 threads: one warp, no later one
}

TEST(MatmulBreak, OnlyTiledTakesABugAndNoHaloAndIdleThreadsAreRefusedEverywhere) {
  for (Break bug : kBugs) EXPECT_FALSE(break_problem(MatmulStrategy::tiled, bug)) << break_info(bug).name;
  EXPECT_NE(break_problem(MatmulStrategy::tiled, Break::no_halo)->find("no halo"), std::string::npos);
  EXPECT_NE(break_problem(MatmulStrategy::tiled, Break::idle_threads_write)->find("none only loads"),
            std::string::npos);
  EXPECT_NE(break_problem(MatmulStrategy::naive, Break::no_barrier)->find("no shared memory"), std::string::npos);
  EXPECT_NE(break_problem(MatmulStrategy::fast, Break::no_barrier)->find("tiled"), std::string::npos);
  const MatmulParams p{MatmulStrategy::fast, 128, 8, 8, 8};
  std::vector<float> M(64, 1.0f), N(64, 1.0f), P(64);
  EXPECT_THROW(matmul_broken_cpu(p, Break::no_barrier, M.data(), N.data(), P.data()), InvalidInput);
}

class MatmulBreakCuda : public test::CudaEngineTest<MatmulEngine, &MatmulPattern::make_engine> {};

TEST_F(MatmulBreakCuda, TheKernelDamagesExactlyWhatTheCpuEmulationDoes) {
  test::expect_kernel_damages_as_emulated(
      spread(), kBugs,
      [&](const Case& c, Break bug, float* P) { engine_->matmul_broken(c.p, bug, c.M.data(), c.N.data(), P); },
      [](const Case& c) {
        // no_ghost_zero sums every slot of the last phase's partial tiles: K rounded up to
        // TILE_WIDTH products, whose rounding the GPU's fused multiply-adds order differently.
        const int padded = (c.p.inner + c.p.tile - 1) / c.p.tile * c.p.tile;
        return matmul_tolerance(padded, 1.0f, 1.0f);
      });
}
