// The book's 1D convolution kernels (bench/yardstick) against the CPU reference, on the CUDA
// engine's resident buffers as `bench --yardstick` runs them; skipped where no CUDA device is usable.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench/yardstick/yardstick.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv1d/pattern.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

using Conv1dYardstick = test::CudaEngineTest<Conv1dEngine, &Conv1dPattern::make_engine>;

TEST_F(Conv1dYardstick, TheBooksKernelsMatchTheCpuReferenceOnOddLengthsAtEveryBookTile) {
  for (Conv1dStrategy s :
       {Conv1dStrategy::basic, Conv1dStrategy::const_mem, Conv1dStrategy::tiled, Conv1dStrategy::cached_halo})
    for (int tile : {256, 512, 1024})
      for (int r : {1, 2, 8, 32})
        for (int length : {1, 3, 255, 1001, 4099}) {
          const Conv1dParams p{s, r, tile, length};
          ASSERT_TRUE(yardstick::has_book_kernel(p));
          const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
          const std::vector<float> in = test::random_image(length, 1, unsigned(r * 31 + length)).pixels;
          std::vector<float> out(in.size()), ref(in.size());
          engine_->load_input(in.data(), length);
          ASSERT_EQ(cudaMemset(engine_->device_output(), 0xFF, in.size() * sizeof(float)), cudaSuccess);  // NaN
          yardstick::time_book_kernel(p, f, engine_->device_input(), engine_->device_output(), 1);
          engine_->read_output(out.data());
          conv1d_cpu(f, in.data(), ref.data(), length);
          ASSERT_LE(test::max_abs_diff(out, ref), conv1d_tolerance(f, 1.0f))
              << strategy_info(s).name << " tile=" << tile << " r=" << r << " length=" << length;
        }
}

TEST(Conv1dYardstickScope, OnlyTheBooksStrategiesAndTilesHaveATranscription) {
  EXPECT_FALSE(yardstick::has_book_kernel(Conv1dParams{Conv1dStrategy::fast, 2, 1024, 1000}));
  EXPECT_FALSE(yardstick::has_book_kernel(Conv1dParams{Conv1dStrategy::tiled, 2, 100, 1000}));
  EXPECT_TRUE(yardstick::has_book_kernel(Conv1dParams{Conv1dStrategy::basic, 2, 100, 1000}));
}
