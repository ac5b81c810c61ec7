// The conv1d CPU reference (the oracle for CUDA) against the plain-loop definition, and its engine.
#include <gtest/gtest.h>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/pattern.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

// out[i] = sum_j w[j] in[i - n + j], zero outside: scipy.ndimage.correlate1d(in, w,
// mode='constant'), in double precision.
std::vector<double> correlate1d_plain(const std::vector<float>& in, const Filter1d& f) {
  const int n = f.radius, length = int(in.size());
  std::vector<double> out(in.size(), 0.0);
  for (int i = 0; i < length; ++i)
    for (int j = 0; j < f.dim(); ++j)
      if (i - n + j >= 0 && i - n + j < length) out[i] += double(f.weights[j]) * in[i - n + j];
  return out;
}

}  // namespace

TEST(Conv1dCpu, MatchesThePlainLoopOnOddLengthsAndAllRadii) {
  for (int r = 1; r <= kMaxConv1dRadius; ++r)
    for (int length : {1, 2, 7, 64, 65, 1000, 4099}) {
      const std::vector<float> in = test::random_image(length, 1, unsigned(r * 7919 + length)).pixels;
      const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
      std::vector<float> out(in.size());
      conv1d_cpu(f, in.data(), out.data(), length);
      EXPECT_LE(test::max_abs_diff(out, correlate1d_plain(in, f)), conv1d_tolerance(f, 1.0f))
          << "r=" << r << " length=" << length;
    }
}

TEST(Conv1dCpu, CorrelatesWithoutFlippingAndGhostCellsAreZero) {
  // The book's example: N = 1..7, M = 3 4 5 4 3: P[2] = 57, P[3] = 76, P[1] = 38 (one ghost).
  Filter1d f{2, {3, 4, 5, 4, 3}};
  const std::vector<float> in = {1, 2, 3, 4, 5, 6, 7};
  std::vector<float> out(7);
  conv1d_cpu(f, in.data(), out.data(), 7);
  EXPECT_EQ(out[1], 38.0f);
  EXPECT_EQ(out[2], 57.0f);
  EXPECT_EQ(out[3], 76.0f);
  // A single weight at offset +1 moves an impulse left (convolution would move it right).
  f.weights = {0, 0, 0, 1, 0};
  const std::vector<float> impulse = {0, 0, 0, 0, 1, 0, 0};
  conv1d_cpu(f, impulse.data(), out.data(), 7);
  EXPECT_EQ(out[3], 1.0f);
  EXPECT_EQ(out[5], 0.0f);
}

TEST(Conv1dFilters, NamedFiltersHaveTheirDefiningSums) {
  for (int r : {1, 4, 32}) {
    double box = 0, gauss = 0, sharpen = 0, derivative = 0;
    for (float w : make_named_filter1d("box", r).weights) box += w;
    for (float w : make_named_filter1d("gaussian", r).weights) gauss += w;
    for (float w : make_named_filter1d("sharpen", r).weights) sharpen += w;
    for (float w : make_named_filter1d("derivative", r).weights) derivative += w;
    EXPECT_NEAR(box, 1.0, 1e-6);
    EXPECT_NEAR(gauss, 1.0, 1e-6);
    EXPECT_NEAR(sharpen, 1.0, 1e-6);
    EXPECT_NEAR(derivative, 0.0, 1e-6);
    EXPECT_EQ(make_named_filter1d("random:3", r).weights, make_named_filter1d("random:3", r).weights);
    EXPECT_EQ(make_named_filter1d("box", r).weights.size(), std::size_t(2 * r + 1));
  }
  EXPECT_THROW(make_named_filter1d("sobel_x", 2), InvalidInput);
  EXPECT_THROW(make_named_filter1d("random:x", 2), InvalidInput);
}

TEST(Conv1dCpuEngine, RunsEveryStrategyAndRefusesBadParameters) {
  auto engine = make_cpu_conv1d_engine();
  const std::vector<float> in = test::random_image(3001, 1, 4).pixels;
  const Filter1d f = make_named_filter1d("gaussian", 3);
  std::vector<float> out(in.size()), ref(in.size());
  conv1d_cpu(f, in.data(), ref.data(), int(in.size()));
  for (int s = 0; s < kConv1dStrategyCount; ++s) {
    const Conv1dParams p{strategy_table<Conv1dStrategy>()[s].id, 3, 256, int(in.size())};
    EXPECT_EQ(engine->conv1d(p, f, in.data(), out.data(), 2).size(), 2u);
    EXPECT_LE(test::max_abs_diff(out, ref), conv1d_tolerance(f, 1.0f));
  }
  EXPECT_THROW(engine->conv1d({Conv1dStrategy::tiled, 2, 256, 3001}, f, in.data(), out.data()), InvalidInput);
  EXPECT_THROW(engine->conv1d({Conv1dStrategy::tiled, 3, 16, 3001}, f, in.data(), out.data()), InvalidInput);
  EXPECT_THROW(engine->run({Conv1dStrategy::tiled, 3, 256, 3000}, f), InvalidInput);  // not the resident length
}
