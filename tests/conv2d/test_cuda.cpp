// Every CUDA strategy against the CPU reference; skipped where no CUDA device is usable.
#include <gtest/gtest.h>

#include <memory>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

std::unique_ptr<Conv2dEngine> cuda_or_skip(std::string& why) {
  try {
    return Conv2dPattern::make_engine(*make_cuda_backend());
  } catch (const std::exception& e) {
    why = e.what();
    return nullptr;
  }
}

class Conv2dCuda : public ::testing::TestWithParam<Conv2dStrategy> {
 protected:
  void SetUp() override {
    std::string why;
    engine_ = cuda_or_skip(why);
    if (!engine_) GTEST_SKIP() << "no CUDA: " << why;
  }
  std::unique_ptr<Conv2dEngine> engine_;
};

// p on the CUDA backend against the CPU reference, on a random image drawn from `seed`; the
// output starts as garbage, so an output the kernel never writes fails.
::testing::AssertionResult matches_cpu(Conv2dEngine& engine, const Conv2dParams& p, const Filter2d& f, unsigned seed) {
  const Image in = test::random_image(p.width, p.height, seed);
  std::vector<float> out(in.pixels.size(), -1e30f), ref(in.pixels.size());
  engine.conv2d(p, f, in.pixels.data(), out.data());
  conv2d_cpu(f, in.pixels.data(), ref.data(), p.width, p.height);
  const double err = test::max_abs_diff(out, ref);
  if (err <= conv2d_tolerance(f, 1.0f)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << strategy_info(p.strategy).name << " tile=" << p.tile
                                       << " r=" << p.filter_radius << " " << p.width << "x" << p.height
                                       << ": max |err| " << err;
}

}  // namespace

TEST_P(Conv2dCuda, MatchesTheCpuReferenceForOddSizesAllRadiiAndTiles) {
  const int sizes[][2] = {{1, 1}, {1, 37}, {37, 1}, {7, 5}, {33, 31}, {100, 67}, {257, 130}};
  for (int tile : {8, 16, 32})
    for (int r = 1; r <= kMaxConv2dRadius; ++r) {
      const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
      for (const auto& s : sizes) {
        const Conv2dParams p{GetParam(), r, tile, s[0], s[1]};
        if (launch_problem(p, engine_->limits())) continue;  // e.g. tiled_in with 2r >= tile
        ASSERT_TRUE(matches_cpu(*engine_, p, f, unsigned(tile * 1000 + r * 10 + s[0])));
      }
    }
}

TEST(Conv2dCudaFast, FastMatchesTheCpuReferenceForEveryTileAndRowAlignment) {
  // fast moves float4s; at a width that is not a multiple of 4 the engine pads its rows.
  // Tiles from 1 thread to the largest that fits shared memory; sizes smaller than one tile,
  // not a multiple of the 4x4 patch, and wide enough for several blocks.
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  const int sizes[][2] = {{1, 1}, {4, 4}, {3, 9}, {64, 64}, {68, 61}, {130, 66}, {203, 97}, {256, 255}};
  for (int tile : {1, 3, 16, 22})
    for (int r = 1; r <= kMaxConv2dRadius; ++r) {
      const Filter2d f = make_named_filter("random:" + std::to_string(r + 7), r);
      for (const auto& s : sizes) {
        const Conv2dParams p{Conv2dStrategy::fast, r, tile, s[0], s[1]};
        if (launch_problem(p, engine->limits())) continue;  // the largest tiles at the largest radii
        ASSERT_TRUE(matches_cpu(*engine, p, f, unsigned(tile * 1000 + r * 10 + s[1])));
      }
    }
}

TEST(Conv2dCudaSliding, SlidingMatchesTheCpuReferenceForEveryStripAndRowAlignment) {
  // Widths: inside one warp tile, not a multiple of 4 (padded rows), several warps and blocks
  // (4 warps of 128 columns each); heights: shorter than a strip, several strips (at r = 1 the odd
  // ones march up), a last strip cut by the image.
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  const int sizes[][2] = {{1, 1}, {4, 4}, {3, 9}, {127, 5}, {128, 130}, {130, 66}, {260, 97}, {513, 255}, {1032, 71}};
  for (int strip : {1, 5, 16, 37, 256})
    for (int r = 1; r <= kSlidingMaxRadius; ++r) {
      const Filter2d f = make_named_filter("random:" + std::to_string(r + 11), r);
      for (const auto& s : sizes) {
        ASSERT_TRUE(matches_cpu(*engine, {Conv2dStrategy::sliding, r, strip, s[0], s[1]}, f,
                                unsigned(strip * 1000 + r * 10 + s[1])));
      }
    }
}

// The strip rule (sliding_strip_for) counts waves of sliding_blocks_per_sm resident blocks: the
// occupancy the device reports at each radius, on aligned and on padded rows.
TEST(Conv2dCudaSliding, ResidentBlocksAreTheOnesTheStripRuleCounts) {
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  for (int r = 1; r <= kSlidingMaxRadius; ++r)
    for (int width : {8192, 8191}) {
      const Conv2dParams p{Conv2dStrategy::sliding, r, sliding_default_strip(r), width, 4096};
      EXPECT_EQ(engine->blocks_per_sm(p), sliding_blocks_per_sm(r)) << "r = " << r << ", width " << width;
    }
}

TEST(Conv2dCudaSeparable, SeparableMatchesTheCpuReferenceForRankOneFiltersTilesAndRowAlignment) {
  // Rank-1 filters: random ones (asymmetric, so a flipped pass fails), the gaussian and sobel_x.
  // Widths a multiple of 4 and not (padded rows); heights that cut the last block
  // (its row pass stops at the rows its outputs need); tiles from 1 thread to the largest that fits.
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  const int sizes[][2] = {{1, 1}, {4, 4}, {3, 9}, {64, 64}, {68, 61}, {130, 66}, {203, 97}, {256, 255}};
  for (int tile : {1, 3, 8, 16})
    for (int r = 1; r <= kMaxConv2dRadius; ++r)
      for (const std::string& name :
           {"random_separable:" + std::to_string(r), std::string("gaussian"), std::string("sobel_x")}) {
        const Filter2d f = make_named_filter(name, r);
        for (const auto& s : sizes) {
          const Conv2dParams p{Conv2dStrategy::separable, r, tile, s[0], s[1]};
          if (launch_problem(p, engine->limits())) continue;  // the largest tiles at the largest radii
          ASSERT_TRUE(matches_cpu(*engine, p, f, unsigned(tile * 1000 + r * 10 + s[1]))) << name;
        }
      }
}

TEST(Conv2dCudaSeparable, SeparableRefusesAFilterOfHigherRankNamingIt) {
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  std::vector<float> in(64 * 64), out(in.size());
  try {
    engine->conv2d({Conv2dStrategy::separable, 2, 16, 64, 64}, make_named_filter("sharpen", 2), in.data(), out.data());
    FAIL() << "a rank-2 filter ran as separable";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("rank 2"), std::string::npos) << e.what();
  }
}

TEST(Conv2dCudaSliding, SlidingRefusesRadiiWhoseSumsDoNotFitInRegisters) {
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  std::vector<float> in(64 * 64), out(in.size());
  const int r = kSlidingMaxRadius + 1;
  EXPECT_THROW(
      engine->conv2d({Conv2dStrategy::sliding, r, 16, 64, 64}, make_named_filter("box", r), in.data(), out.data()),
      InvalidInput);
}

// One resident odd-width image under every strategy in turn: the engine lays its rows out padded
// for fast, separable and sliding and dense for the book's kernels, and back, between runs; each
// run matches the CPU reference, and the input reads back as loaded.
TEST(Conv2dCudaLayout, EveryStrategyInTurnOnOneResidentImage) {
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  const int w = 203, h = 77, r = 2;
  const Filter2d f = make_named_filter("random_separable:" + std::to_string(r), r);
  const Image in = test::random_image(w, h, 5);
  std::vector<float> ref(in.pixels.size()), out(in.pixels.size()), back(in.pixels.size());
  conv2d_cpu(f, in.pixels.data(), ref.data(), w, h);
  engine->load_input(in.pixels.data(), w, h);
  const Conv2dStrategy order[] = {Conv2dStrategy::fast,       Conv2dStrategy::basic,    Conv2dStrategy::sliding,
                                  Conv2dStrategy::separable,  Conv2dStrategy::tiled_in, Conv2dStrategy::fast,
                                  Conv2dStrategy::cached_halo};
  for (Conv2dStrategy s : order) {
    const Conv2dParams p{s, r, default_tile(s, r), w, h};
    engine->run(p, f);
    EXPECT_EQ(engine->row_pitch(), conv2d_row_pitch(s, w)) << strategy_info(s).name;
    engine->read_output(out.data());
    EXPECT_LE(test::max_abs_diff(out, ref), conv2d_tolerance(f, 1.0f)) << strategy_info(s).name;
    engine->read_input(back.data());
    EXPECT_EQ(back, in.pixels) << strategy_info(s).name;
  }
}

// The demo scene rendered on the device into padded rows: the image as the CPU draws it, and
// zeros in the padding (which fast reads as the ghost cells right of the image).
TEST(Conv2dCudaLayout, TheDemoSceneFillsPaddedRowsAsTheCpuDrawsIt) {
  std::string why;
  const auto engine = cuda_or_skip(why);
  if (!engine) GTEST_SKIP() << "no CUDA: " << why;
  const int w = 131, h = 45, r = 1;
  const Filter2d f = make_named_filter("box", r);
  engine->render_demo_input(DemoScene::impulses, w, h, 0.0f);
  engine->run({Conv2dStrategy::fast, r, default_tile(Conv2dStrategy::fast, r), w, h}, f);  // pads the rows
  ASSERT_EQ(engine->row_pitch(), 132);
  for (DemoScene scene : {DemoScene::impulses, DemoScene::rings}) {  // no hard edges to fall a pixel over
    engine->render_demo_input(scene, w, h, 1.5f);
    std::vector<float> got(std::size_t(w) * h), want(got.size()), ref(got.size()), out(got.size());
    engine->read_input(got.data());
    const DemoFrame frame = demo_frame(scene, w, h, 1.5f);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) want[std::size_t(y) * w + x] = demo_scene_value(frame, x, y, 1.5f);
    EXPECT_LE(test::max_abs_diff(got, want), 1e-4);
    engine->run({Conv2dStrategy::fast, r, default_tile(Conv2dStrategy::fast, r), w, h}, f);
    engine->read_output(out.data());
    conv2d_cpu(f, got.data(), ref.data(), w, h);
    EXPECT_LE(test::max_abs_diff(out, ref), conv2d_tolerance(f, 1.0f))
        << "a nonzero padding would add to column " << w - 1;
  }
}

TEST_P(Conv2dCuda, TimesEveryRepetitionWithEvents) {
  const Conv2dParams p{GetParam(), 2, 16, 512, 512};
  const Image in = test::random_image(p.width, p.height, 9);
  std::vector<float> out(in.pixels.size());
  const auto ms = engine_->conv2d(p, make_named_filter("box", 2), in.pixels.data(), out.data(), 4);
  ASSERT_EQ(ms.size(), 4u);
  for (double t : ms) EXPECT_GT(t, 0.0);
}

TEST_P(Conv2dCuda, RefusesWhatTheDeviceCannotRun) {
  const Filter2d f = make_named_filter("box", 2);
  std::vector<float> in(64 * 64), out(in.size());
  const DeviceLimits limits = engine_->limits();
  EXPECT_GE(limits.max_threads_per_block, 1024);
  EXPECT_THROW(engine_->conv2d({GetParam(), 2, 33, 64, 64}, f, in.data(), out.data()), InvalidInput);
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, Conv2dCuda,
                         ::testing::Values(Conv2dStrategy::basic, Conv2dStrategy::const_mem, Conv2dStrategy::tiled_in,
                                           Conv2dStrategy::tiled_out, Conv2dStrategy::cached_halo,
                                           Conv2dStrategy::fast),
                         [](const auto& info) { return std::string(strategy_info(info.param).name); });
