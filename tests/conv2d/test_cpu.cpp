// The CPU backend (the oracle for CUDA) against the plain-loop definition.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/demo_scene_cpu.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

TEST(Conv2dCpu, MatchesThePlainLoopOnOddSizesAndAllRadii) {
  const int sizes[][2] = {{1, 1}, {1, 23}, {23, 1}, {5, 3}, {40, 17}, {64, 64}, {129, 70}};
  for (int r = 1; r <= kMaxConv2dRadius; ++r)
    for (const auto& s : sizes) {
      const Image in = test::random_image(s[0], s[1], unsigned(r * 100 + s[0]));
      const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
      std::vector<float> out(in.pixels.size());
      conv2d_cpu(f, in.pixels.data(), out.data(), in.width, in.height);
      EXPECT_LE(test::max_abs_diff(out, test::correlate_plain(in, f)), conv2d_tolerance(f, 1.0f))
          << "r=" << r << " " << s[0] << "x" << s[1];
    }
}

// The oracle is the definition to the bit: each output is its window's taps inside the image,
// summed in float from 0 filter row by filter row, left to right (signed zeros, NaN and Inf too).
TEST(Conv2dCpu, IsTheDefinitionBitForBit) {
  const int sizes[][2] = {{1, 1}, {2, 9}, {17, 3}, {40, 17}, {129, 70}};
  for (int r = 1; r <= kMaxConv2dRadius; ++r)
    for (const auto& s : sizes) {
      Image in = test::random_image(s[0], s[1], unsigned(r * 7 + s[1]));
      in.at(0, 0) = -0.0f;
      if (in.pixels.size() > 5) in.pixels[5] = INFINITY;
      const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
      std::vector<float> out(in.pixels.size());
      conv2d_cpu(f, in.pixels.data(), out.data(), in.width, in.height);
      for (int y = 0; y < in.height; ++y)
        for (int x = 0; x < in.width; ++x) {
          float sum = 0.0f;
          for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx)
              if (x + dx >= 0 && x + dx < in.width && y + dy >= 0 && y + dy < in.height)
                sum += f.at(dx + r, dy + r) * in.at(x + dx, y + dy);
          const float got = out[std::size_t(y) * in.width + x];
          ASSERT_EQ(std::memcmp(&got, &sum, 4), 0)
              << "r=" << r << " " << s[0] << "x" << s[1] << " at " << x << "," << y << ": " << got << " vs " << sum;
        }
    }
}

TEST(Conv2dCpu, CorrelatesWithoutFlippingTheFilter) {
  // A single weight at (dx, dy) = (+1, 0) makes out(x, y) = in(x + 1, y): an impulse at x = 5
  // shows up at x = 4 (convolution would move it to x = 6).
  Filter2d f = make_named_filter("box", 1);
  std::fill(f.weights.begin(), f.weights.end(), 0.0f);
  f.weights[1 * 3 + 2] = 1.0f;
  Image in(9, 3);
  in.at(5, 1) = 1.0f;
  std::vector<float> out(in.pixels.size());
  conv2d_cpu(f, in.pixels.data(), out.data(), in.width, in.height);
  EXPECT_EQ(out[1 * 9 + 4], 1.0f);
  EXPECT_EQ(out[1 * 9 + 6], 0.0f);
}

TEST(Conv2dCpu, GhostCellsAreZero) {
  // A box filter over an all-ones image gives (taps inside the image) / (2r+1)^2 at the corners.
  const Filter2d f = make_named_filter("box", 2);
  const Image in(10, 10, 1.0f);
  std::vector<float> out(in.pixels.size());
  conv2d_cpu(f, in.pixels.data(), out.data(), 10, 10);
  EXPECT_NEAR(out[0], 9.0 / 25.0, 1e-6);
  EXPECT_NEAR(out[5 * 10 + 5], 1.0, 1e-6);
}

TEST(CpuBackend, RunsEveryStrategyAndRefusesBadParameters) {
  auto cpu = make_cpu_conv2d_engine();
  const Image in = test::random_image(33, 21, 3);
  const Filter2d f = make_named_filter("gaussian", 2);
  std::vector<float> out(in.pixels.size()), ref(in.pixels.size());
  conv2d_cpu(f, in.pixels.data(), ref.data(), in.width, in.height);
  for (int s = 0; s < kConv2dStrategyCount; ++s) {
    const Conv2dParams p{strategy_table<Conv2dStrategy>()[s].id, 2, 16, in.width, in.height};
    const auto ms = cpu->conv2d(p, f, in.pixels.data(), out.data(), 3);
    EXPECT_EQ(ms.size(), 3u);
    EXPECT_LE(test::max_abs_diff(out, ref), conv2d_tolerance(f, 1.0f));
  }
  EXPECT_THROW(cpu->conv2d({Conv2dStrategy::tiled_in, 2, 4, 33, 21}, f, in.pixels.data(), out.data()), InvalidInput);
  EXPECT_THROW(cpu->conv2d({Conv2dStrategy::basic, 3, 16, 33, 21}, f, in.pixels.data(), out.data()), InvalidInput);
}

TEST(BackendChoice, NamesTheBackendAndRefusesUnknownOnes) {
  EXPECT_EQ(choose_backend("cpu").backend->name(), "cpu");
  const BackendChoice automatic = choose_backend("auto");
  EXPECT_TRUE(automatic.backend->name() == "cuda" || !automatic.note.empty());
  EXPECT_THROW(choose_backend("opencl"), InvalidInput);
  if (!cuda_compiled()) {
    EXPECT_THROW(choose_backend("cuda"), InvalidInput);
  }
}

TEST(Conv2dCpu, TheDemoSourceIsTheSceneFunctionOfEveryPixel) {
  // Highway's sin and exp are within a few ulp of sinf and expf; a pixel on a checkerboard cell's
  // edge may round to the other cell (its value then differs by the cells' difference, 0.5).
  const int width = 203, height = 77;  // not a multiple of any vector width
  for (int s = 0; s < kDemoSceneCount; ++s)
    for (float t : {0.0f, 1.7f, 37.25f}) {
      const auto scene = static_cast<DemoScene>(s);
      std::vector<float> out(std::size_t(width) * height, -1.0f);
      demo_scene_cpu(scene, out.data(), width, height, t);
      const DemoFrame f = demo_frame(scene, width, height, t);
      int edge = 0;
      for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
          const float want = demo_scene_value(f, x, y, t), got = out[std::size_t(y) * width + x];
          if (std::fabs(got - want) <= 2e-5f) continue;
          ++edge;
          EXPECT_NEAR(std::fabs(got - want), 0.5f, 2e-5f) << "scene " << s << " t " << t << " at " << x << "," << y;
        }
      EXPECT_LE(edge, width * height / 1000) << "scene " << s << " t " << t;
    }
}
