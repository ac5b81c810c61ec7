// Every matmul CUDA strategy and cuBLAS against the CPU reference; skipped where no CUDA
// device is usable.
#include <gtest/gtest.h>

#include <utility>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/strategies.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

class MatmulCuda : public test::CudaEngineTest<MatmulEngine, &MatmulPattern::make_engine> {};

constexpr int kSizes[][3] = {{1, 1, 1}, {1, 33, 1}, {17, 1, 9}, {3, 5, 2}, {33, 31, 65}, {100, 257, 31}, {128, 64, 96}};

}  // namespace

TEST_F(MatmulCuda, EachStrategyMatchesTheCpuReferenceAtEveryTileAndRectangularSize) {
  for (const auto& s : kSizes) {
    const std::vector<float> M = test::random_image(s[1], s[0], 5).pixels, N = test::random_image(s[2], s[1], 6).pixels;
    std::vector<float> P(static_cast<std::size_t>(s[0]) * s[2]), ref(P.size());
    matmul_cpu(M.data(), N.data(), ref.data(), s[0], s[1], s[2]);
    for (MatmulStrategy strategy : {MatmulStrategy::naive, MatmulStrategy::tiled})
      for (int tile = kMinMatmulTile; tile <= kMaxMatmulTile; ++tile) {
        const MatmulParams p{strategy, tile, s[0], s[1], s[2]};
        ASSERT_FALSE(launch_problem(p, engine_->limits()));
        engine_->matmul(p, M.data(), N.data(), P.data());
        ASSERT_LE(test::max_abs_diff(P, ref), matmul_tolerance(s[1], 1.0f, 1.0f))
            << strategy_info(strategy).name << " tile=" << tile << " " << s[0] << "x" << s[1] << "x" << s[2];
      }
  }
}

TEST_F(MatmulCuda, FastMatchesTheCpuReferenceOnRectangularSizesAcrossItsBlockTiles) {
  // Sizes below, at and past the 128 x 128 and 128 x 256 block tiles, their 64 x 64 warp tiles and the
  // 8-deep phases (fewer phases than the stages in flight, too); cols not a multiple of 4 take the
  // element-by-element copies of N, the others the float4 ones, whatever inner is.
  constexpr int kFastSizes[][3] = {{1, 1, 1},      {3, 5, 7},       {128, 128, 256}, {129, 67, 131},
                                   {257, 4, 260},  {200, 1024, 36}, {255, 9, 513},   {64, 12, 20},
                                   {385, 16, 772}, {130, 8, 257},   {127, 23, 255},  {300, 1000, 600},
                                   {33, 67, 96},   {70, 10, 132},   {129, 17, 516},  {250, 24, 1030}};
  for (const auto& s : kFastSizes) {
    const std::vector<float> M = test::random_image(s[1], s[0], 9).pixels,
                             N = test::random_image(s[2], s[1], 10).pixels;
    std::vector<float> P(static_cast<std::size_t>(s[0]) * s[2]), ref(P.size());
    matmul_cpu(M.data(), N.data(), ref.data(), s[0], s[1], s[2]);
    // Both tiles, split in 2..8 slices of the phases where none is empty.
    for (auto [tile, slices] : {std::pair{kMatmulFastNarrowTile, 1},
                                {kMatmulFastWideTile, 1},
                                {kMatmulFastNarrowTile, 2},
                                {kMatmulFastNarrowTile, 3},
                                {kMatmulFastNarrowTile, 5},
                                {kMatmulFastNarrowTile, 7},
                                {kMatmulFastNarrowTile, 8},
                                {kMatmulFastWideTile, 2},
                                {kMatmulFastWideTile, 3}}) {
      const MatmulParams p{MatmulStrategy::fast, tile, s[0], s[1], s[2], slices};
      if (slices > 1 && !matmul_slices_fill(tiling_of(p), s[1])) continue;
      ASSERT_FALSE(launch_problem(p, engine_->limits()));
      engine_->matmul(p, M.data(), N.data(), P.data());
      ASSERT_LE(test::max_abs_diff(P, ref), matmul_tolerance(s[1], 1.0f, 1.0f))
          << "fast tile=" << tile << " slices=" << slices << " " << s[0] << "x" << s[1] << "x" << s[2];
    }
  }
}

TEST_F(MatmulCuda, CublasAgreesWithTheCpuReferenceOnTheResidentMatrices) {
  for (const auto& s : kSizes) {
    const std::vector<float> M = test::random_image(s[1], s[0], 7).pixels, N = test::random_image(s[2], s[1], 8).pixels;
    std::vector<float> P(static_cast<std::size_t>(s[0]) * s[2]), ref(P.size());
    matmul_cpu(M.data(), N.data(), ref.data(), s[0], s[1], s[2]);
    engine_->load_inputs(M.data(), N.data(), s[0], s[1], s[2]);
    const std::optional<double> ms = engine_->run_library();
    ASSERT_TRUE(ms.has_value());
    EXPECT_GT(*ms, 0.0);
    engine_->read_output(P.data());
    EXPECT_LE(test::max_abs_diff(P, ref), matmul_tolerance(s[1], 1.0f, 1.0f)) << s[0] << "x" << s[1] << "x" << s[2];
  }
  EXPECT_EQ(engine_->library_name(), "cuBLAS sgemm");
}

TEST_F(MatmulCuda, TimesEveryRepetitionAndRefusesWhatTheDeviceCannotRun) {
  const std::vector<float> M(256 * 256, 1.0f), N(M);
  std::vector<float> P(M.size());
  const auto ms = engine_->matmul({MatmulStrategy::tiled, 16, 256, 256, 256}, M.data(), N.data(), P.data(), 3);
  ASSERT_EQ(ms.size(), 3u);
  for (double t : ms) EXPECT_GT(t, 0.0);
  EXPECT_EQ(P[12345], 256.0f);
  EXPECT_THROW(engine_->matmul({MatmulStrategy::tiled, 33, 256, 256, 256}, M.data(), N.data(), P.data()), InvalidInput);
}
