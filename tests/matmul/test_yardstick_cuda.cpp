// The book's matrix multiplication kernels (bench/yardstick) against the CPU reference, on the
// CUDA engine's resident matrices as `bench --yardstick` runs them; skipped where no CUDA device is
// usable.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <vector>

#include "bench/yardstick/yardstick.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/strategies.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

class MatmulYardstick : public test::CudaEngineTest<MatmulEngine, &MatmulPattern::make_engine> {};

}  // namespace

TEST_F(MatmulYardstick, NaiveAndTiledMatchTheCpuReferenceOnOddRectangularSizes) {
  const int sizes[][3] = {{1, 1, 1}, {1, 33, 1}, {17, 1, 9}, {33, 31, 65}, {100, 257, 31}, {129, 67, 131}};
  for (const auto& s : sizes) {
    const std::vector<float> M = test::random_image(s[1], s[0], 5).pixels, N = test::random_image(s[2], s[1], 6).pixels;
    std::vector<float> P(static_cast<std::size_t>(s[0]) * s[2]), ref(P.size());
    matmul_cpu(M.data(), N.data(), ref.data(), s[0], s[1], s[2]);
    engine_->load_inputs(M.data(), N.data(), s[0], s[1], s[2]);
    const DeviceMatrices d = engine_->device_matrices();
    for (const MatmulParams p : {MatmulParams{MatmulStrategy::naive, 8, s[0], s[1], s[2]},
                                 MatmulParams{MatmulStrategy::naive, 16, s[0], s[1], s[2]},
                                 MatmulParams{MatmulStrategy::tiled, 16, s[0], s[1], s[2]},
                                 MatmulParams{MatmulStrategy::tiled, 32, s[0], s[1], s[2]}}) {
      ASSERT_TRUE(yardstick::has_book_kernel(p));
      ASSERT_EQ(cudaMemset(d.P, 0xFF, P.size() * sizeof(float)), cudaSuccess);  // NaN where nothing is written
      yardstick::time_book_kernel(p, d.M, d.N, d.P, 1);
      engine_->read_output(P.data());
      ASSERT_LE(test::max_abs_diff(P, ref), matmul_tolerance(s[1], 1.0f, 1.0f))
          << strategy_info(p.strategy).name << " TILE_WIDTH=" << p.tile << " " << s[0] << "x" << s[1] << "x" << s[2];
    }
  }
}

TEST(MatmulYardstickScope, TiledAtTheBenchTilesOnlyAndNoFast) {
  EXPECT_FALSE(yardstick::has_book_kernel(MatmulParams{MatmulStrategy::fast, 16, 64, 64, 64}));
  EXPECT_FALSE(yardstick::has_book_kernel(MatmulParams{MatmulStrategy::tiled, 8, 64, 64, 64}));
}
