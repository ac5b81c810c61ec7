// The CPU backend's Highway engine against the reference (the oracle): odd sizes, every radius,
// several thread counts (bands of rows split at other places), NaN and Inf.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <string>

#include "kernels/conv2d/params.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/simd.hpp"
#include "tests/common/non_finite.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

std::vector<float> run_simd(const Filter2d& f, const Image& in) {
  std::vector<float> out(in.pixels.size(), NAN);  // an output never written stays NaN
  conv2d_simd(f, in.pixels.data(), out.data(), in.width, in.height);
  return out;
}

std::vector<float> run_reference(const Filter2d& f, const Image& in) {
  std::vector<float> out(in.pixels.size());
  conv2d_cpu(f, in.pixels.data(), out.data(), in.width, in.height);
  return out;
}

}  // namespace

TEST(Conv2dSimd, MatchesTheReferenceOnOddSizesForEveryRadiusAndThreadCount) {
  const int sizes[][2] = {{1, 1}, {7, 3}, {3, 7}, {33, 17}, {1025, 3}, {2, 1025}, {17, 40}, {64, 9}};
  for (int threads : {1, 2, 3})
    for (int r = 1; r <= kMaxConv2dRadius; ++r)
      for (const auto& s : sizes) {
        omp_set_num_threads(threads);
        const Image in = test::random_image(s[0], s[1], unsigned(r * 31 + s[0] + s[1]));
        const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
        EXPECT_LE(test::max_abs_diff(run_simd(f, in), run_reference(f, in)), conv2d_tolerance(f, 1.0f))
            << "r=" << r << " " << s[0] << "x" << s[1] << " threads=" << threads;
      }
  omp_set_num_threads(2);
}

TEST(Conv2dSimd, ANanOrInfReachesExactlyTheOutputsWhoseWindowHoldsIt) {
  for (int r = 1; r <= kMaxConv2dRadius; ++r) {
    Image in = test::random_image(45, 29, unsigned(r));
    in.at(0, 0) = NAN;  // a corner: its window is clipped by the ghost cells
    in.at(20, 14) = NAN;
    in.at(44, 28) = INFINITY;
    in.at(30, 3) = -INFINITY;
    const Filter2d f = make_named_filter("random:" + std::to_string(r), r);
    const std::vector<float> got = run_simd(f, in), want = run_reference(f, in);
    EXPECT_EQ(test::non_finite_mismatches(got, want), 0) << "r=" << r;
    EXPECT_GE(test::count_nan(got), (r + 1) * (r + 1)) << "r=" << r;  // at least the corner's window
  }
}

TEST(Conv2dSimd, GhostCellsAreZeroNotNeighbouringRows) {
  // A box filter over an all-ones image sums the taps inside the image: the corner sees (r+1)^2.
  for (int r = 1; r <= kMaxConv2dRadius; ++r) {
    const Filter2d f = make_named_filter("box", r);
    const Image in(19, 11, 1.0f);
    const std::vector<float> out = run_simd(f, in);
    const double tap = 1.0 / double(f.dim() * f.dim());
    EXPECT_NEAR(out[0], (r + 1) * (r + 1) * tap, 1e-6) << "r=" << r;
    EXPECT_NEAR(out.back(), (r + 1) * (r + 1) * tap, 1e-6) << "r=" << r;
  }
}
