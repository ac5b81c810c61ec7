// The book's 2D convolution kernels (bench/yardstick) against the CPU reference, on the CUDA
// engine's resident buffers as `bench --yardstick` runs them; skipped where no CUDA device is usable.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench/yardstick/yardstick.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

using Conv2dYardstick = test::CudaEngineTest<Conv2dEngine, &Conv2dPattern::make_engine>;

TEST_F(Conv2dYardstick, TheBooksKernelsMatchTheCpuReferenceOnOddSizesAtEveryBookTile) {
  // Sizes: one pixel, a column, a row, smaller than a tile, several blocks with partial last ones.
  const int sizes[][2] = {{1, 1}, {1, 37}, {37, 1}, {33, 31}, {100, 67}, {257, 130}};
  for (Conv2dStrategy s : {Conv2dStrategy::basic, Conv2dStrategy::const_mem, Conv2dStrategy::tiled_in,
                           Conv2dStrategy::tiled_out, Conv2dStrategy::cached_halo})
    for (int tile : {16, 32})
      for (int r = 1; r <= kMaxConv2dRadius; ++r)
        for (const auto& size : sizes) {
          const Conv2dParams p{s, r, tile, size[0], size[1]};
          if (s == Conv2dStrategy::tiled_in && tile <= 2 * r) {  // no output tile: the book's code has none either
            EXPECT_FALSE(yardstick::has_book_kernel(p));
            continue;
          }
          ASSERT_TRUE(yardstick::has_book_kernel(p)) << strategy_info(s).name << " tile=" << tile << " r=" << r;
          const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
          const std::vector<float> in = test::random_image(size[0], size[1], unsigned(r * 31 + size[0])).pixels;
          std::vector<float> out(in.size()), ref(in.size());
          engine_->load_input(in.data(), size[0], size[1]);
          ASSERT_EQ(engine_->row_pitch(), size[0]);  // the book's kernels take rows of `width` floats
          ASSERT_EQ(cudaMemset(engine_->device_output(), 0xFF, in.size() * sizeof(float)), cudaSuccess);  // NaN
          yardstick::time_book_kernel(p, f, engine_->device_input(), engine_->device_output(), 1);
          engine_->read_output(out.data());
          conv2d_cpu(f, in.data(), ref.data(), size[0], size[1]);
          ASSERT_LE(test::max_abs_diff(out, ref), conv2d_tolerance(f, 1.0f))
              << strategy_info(s).name << " tile=" << tile << " r=" << r << " " << size[0] << "x" << size[1];
        }
}

TEST(Conv2dYardstickScope, OnlyTheBooksStrategiesAndTilesHaveATranscription) {
  EXPECT_FALSE(yardstick::has_book_kernel(Conv2dParams{Conv2dStrategy::fast, 2, 16, 100, 100}));
  EXPECT_FALSE(yardstick::has_book_kernel(Conv2dParams{Conv2dStrategy::sliding, 2, 16, 100, 100}));
  EXPECT_FALSE(yardstick::has_book_kernel(Conv2dParams{Conv2dStrategy::separable, 2, 16, 100, 100}));
  EXPECT_FALSE(yardstick::has_book_kernel(Conv2dParams{Conv2dStrategy::tiled_in, 2, 8, 100, 100}));
  EXPECT_TRUE(yardstick::has_book_kernel(Conv2dParams{Conv2dStrategy::tiled_out, 2, 32, 100, 100}));
}
