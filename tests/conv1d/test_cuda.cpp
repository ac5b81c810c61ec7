// Every conv1d CUDA strategy against the CPU reference; skipped where no CUDA device is usable.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/pattern.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

class Conv1dCuda
    : public test::CudaEngineTest<Conv1dEngine, &Conv1dPattern::make_engine, ::testing::TestWithParam<Conv1dStrategy>> {
};

}  // namespace

TEST_P(Conv1dCuda, MatchesTheCpuReferenceForOddLengthsAllRadiiAndBlockSizes) {
  // fast needs tiles of whole 8-output threads; its float4 tails meet lengths that are not a
  // multiple of 4, of the tile, or shorter than its halo.
  const bool fast = GetParam() == Conv1dStrategy::fast;
  for (int tile : fast ? std::vector<int>{32, 40, 104, 256, 1024} : std::vector<int>{32, 33, 100, 256, 1024})
    for (int r : {1, 2, 3, 7, 16, 31, 32})
      for (int length : {1, 2, 3, 5, 31, 33, 1000, 1025, 4099, 100003}) {
        const Conv1dParams p{GetParam(), r, tile, length};
        ASSERT_FALSE(launch_problem(p, engine_->limits()));
        const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
        const std::vector<float> in = test::random_image(length, 1, unsigned(tile * 131 + r * 17 + length)).pixels;
        std::vector<float> out(in.size()), ref(in.size());
        engine_->conv1d(p, f, in.data(), out.data());
        conv1d_cpu(f, in.data(), ref.data(), length);
        ASSERT_LE(test::max_abs_diff(out, ref), conv1d_tolerance(f, 1.0f))
            << strategy_info(p.strategy).name << " tile=" << tile << " r=" << r << " length=" << length;
      }
}

TEST_P(Conv1dCuda, MatchesTheCpuReferenceAtEveryRadius) {
  for (int r = 1; r <= kMaxConv1dRadius; ++r)
    for (int length : {3, 1021, 8195}) {
      const Conv1dParams p{GetParam(), r, 256, length};
      const Filter1d f = make_named_filter1d("random:" + std::to_string(r + 100), r);
      const std::vector<float> in = test::random_image(length, 1, unsigned(r * 7 + length)).pixels;
      std::vector<float> out(in.size()), ref(in.size());
      engine_->conv1d(p, f, in.data(), out.data());
      conv1d_cpu(f, in.data(), ref.data(), length);
      ASSERT_LE(test::max_abs_diff(out, ref), conv1d_tolerance(f, 1.0f))
          << strategy_info(p.strategy).name << " r=" << r << " length=" << length;
    }
}

TEST_P(Conv1dCuda, TimesEveryRepetitionWithEvents) {
  const Conv1dParams p{GetParam(), 2, 256, 1 << 16};
  const std::vector<float> in = test::random_image(p.length, 1, 2).pixels;
  std::vector<float> out(in.size());
  const auto ms = engine_->conv1d(p, make_named_filter1d("box", 2), in.data(), out.data(), 4);
  ASSERT_EQ(ms.size(), 4u);
  for (double t : ms) EXPECT_GT(t, 0.0);
}

TEST_P(Conv1dCuda, RefusesWhatTheDeviceCannotRun) {
  const std::vector<float> in(4096);
  std::vector<float> out(in.size());
  EXPECT_THROW(engine_->conv1d({GetParam(), 2, 2048, 4096}, make_named_filter1d("box", 2), in.data(), out.data()),
               InvalidInput);
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, Conv1dCuda,
                         ::testing::Values(Conv1dStrategy::basic, Conv1dStrategy::const_mem, Conv1dStrategy::tiled,
                                           Conv1dStrategy::cached_halo, Conv1dStrategy::fast),
                         [](const auto& info) { return std::string(strategy_info(info.param).name); });
