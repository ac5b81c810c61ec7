// The CPU backend's packed Highway product against the reference (the oracle): odd and
// rectangular sizes (edge tiles, several slices of the inner dimension), several thread counts,
// NaN and Inf.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <vector>

#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/simd.hpp"
#include "tests/common/non_finite.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

struct Runs {
  std::vector<float> simd, reference;
};

Runs run_both(const std::vector<float>& M, const std::vector<float>& N, int rows, int inner, int cols) {
  Runs r{std::vector<float>(std::size_t(rows) * cols, NAN), std::vector<float>(std::size_t(rows) * cols)};
  matmul_simd(M.data(), N.data(), r.simd.data(), rows, inner, cols);  // unwritten outputs stay NaN
  matmul_cpu(M.data(), N.data(), r.reference.data(), rows, inner, cols);
  return r;
}

}  // namespace

TEST(MatmulSimd, MatchesTheReferenceOnOddSizesAndThreadCounts) {
  const int sizes[][3] = {{1, 1, 1},   {7, 3, 1},   {1, 3, 7},      {33, 17, 65}, {100, 257, 31},
                          {5, 600, 3}, {73, 9, 70}, {145, 513, 97}, {1025, 3, 2}, {2, 3, 1025}};
  for (int threads : {1, 2, 3})
    for (const auto& s : sizes) {
      omp_set_num_threads(threads);
      const std::vector<float> M = test::random_image(s[1], s[0], 1).pixels,
                               N = test::random_image(s[2], s[1], 2).pixels;
      const Runs got = run_both(M, N, s[0], s[1], s[2]);
      EXPECT_LE(test::max_abs_diff(got.simd, got.reference), matmul_tolerance(s[1], 1.0f, 1.0f))
          << s[0] << "x" << s[1] << "x" << s[2] << " threads=" << threads;
    }
  omp_set_num_threads(2);
}

TEST(MatmulSimd, ANanOrInfReachesExactlyItsRowOrColumn) {
  const int rows = 37, inner = 300, cols = 41;
  std::vector<float> M = test::random_image(inner, rows, 5).pixels, N = test::random_image(cols, inner, 6).pixels;
  M[std::size_t(4) * inner + 280] = NAN;  // row 4 of P, in the second slice of the inner dimension
  N[std::size_t(7) * cols + 40] = NAN;    // column 40 of P, the last (edge) tile
  M[std::size_t(36) * inner + 0] = INFINITY;
  const Runs got = run_both(M, N, rows, inner, cols);
  EXPECT_EQ(test::non_finite_mismatches(got.simd, got.reference), 0);
  EXPECT_EQ(test::count_nan(got.simd), cols + rows - 1);
}
