// The CPU backend's Highway engine against the reference (the oracle): odd lengths (shorter than
// a vector, across chunk edges), every radius, several thread counts, NaN and Inf.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/conv1d/params.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv1d/simd.hpp"
#include "tests/common/non_finite.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

struct Runs {
  std::vector<float> simd, reference;
};

Runs run_both(const Filter1d& f, const std::vector<float>& in) {
  Runs r{std::vector<float>(in.size(), NAN), std::vector<float>(in.size())};  // unwritten outputs stay NaN
  conv1d_simd(f, in.data(), r.simd.data(), int(in.size()));
  conv1d_cpu(f, in.data(), r.reference.data(), int(in.size()));
  return r;
}

}  // namespace

TEST(Conv1dSimd, MatchesTheReferenceOnOddLengthsForEveryRadiusAndThreadCount) {
  for (int threads : {1, 2, 3})
    for (int r = 1; r <= kMaxConv1dRadius; ++r)
      for (int length : {1, 2, 7, 33, 64, 65, 1025, 16383, 16385, 40000}) {
        omp_set_num_threads(threads);
        const std::vector<float> in = test::random_image(length, 1, unsigned(r * 7919 + length)).pixels;
        const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
        const Runs got = run_both(f, in);
        EXPECT_LE(test::max_abs_diff(got.simd, got.reference), conv1d_tolerance(f, 1.0f))
            << "r=" << r << " length=" << length << " threads=" << threads;
      }
  omp_set_num_threads(2);
}

TEST(Conv1dSimd, ANanOrInfReachesExactlyTheOutputsWhoseWindowHoldsIt) {
  for (int r : {1, 2, 5, 8, 17, 32}) {
    std::vector<float> in = test::random_image(40000, 1, unsigned(r)).pixels;
    in[0] = NAN;      // the first element: its window is clipped by the ghost cells
    in[16384] = NAN;  // the first element of the second chunk
    in[39999] = INFINITY;
    in[20000] = -INFINITY;
    const Filter1d f = make_named_filter1d("random:" + std::to_string(r), r);
    const Runs got = run_both(f, in);
    EXPECT_EQ(test::non_finite_mismatches(got.simd, got.reference), 0) << "r=" << r;
    EXPECT_EQ(test::count_nan(got.simd), (r + 1) + (2 * r + 1)) << "r=" << r;
  }
}
