// The CPU backend's Highway stencil against the reference (the oracle): odd sizes (narrower and
// wider than a vector), every order, several thread counts, NaN and Inf.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/common/tolerance.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "kernels/stencil3d/simd.hpp"
#include "tests/common/non_finite.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

// n values uniform in [-1, 1].
std::vector<float> random_grid(std::size_t n, unsigned seed) { return test::random_image(int(n), 1, seed).pixels; }

struct Runs {
  std::vector<float> simd, reference;
};

Runs run_both(const StencilCoeffs& c, const std::vector<float>& in, int w, int h, int d) {
  Runs r{std::vector<float>(in.size(), NAN), std::vector<float>(in.size())};  // unwritten cells stay NaN
  stencil3d_simd(c, in.data(), r.simd.data(), w, h, d);
  stencil3d_cpu(c, in.data(), r.reference.data(), w, h, d);
  return r;
}

}  // namespace

TEST(Stencil3dSimd, MatchesTheReferenceOnOddSizesForEveryOrderAndThreadCount) {
  const int sizes[][3] = {{1, 1, 1}, {7, 3, 5}, {9, 9, 9}, {33, 17, 7}, {1025, 3, 7}, {18, 8, 9}, {40, 11, 13}};
  for (int threads : {1, 2, 3})
    for (int k = 1; k <= kMaxStencil3dRadius; ++k)
      for (const auto& s : sizes) {
        omp_set_num_threads(threads);
        const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
        const std::vector<float> in = random_grid(std::size_t(s[0]) * s[1] * s[2], unsigned(k + s[0]));
        const Runs r = run_both(c, in, s[0], s[1], s[2]);
        EXPECT_LE(max_abs_error(r.simd.data(), r.reference.data(), in.size()), stencil_tolerance(c, 1.0f))
            << "k=" << k << " " << s[0] << "x" << s[1] << "x" << s[2] << " threads=" << threads;
      }
  omp_set_num_threads(2);
}

TEST(Stencil3dSimd, ANanOrInfReachesExactlyTheCellsWhoseStarHoldsIt) {
  const int w = 37, h = 12, d = 10;
  for (int k = 1; k <= kMaxStencil3dRadius; ++k) {
    std::vector<float> in = random_grid(std::size_t(w) * h * d, unsigned(k));
    auto at = [&](int x, int y, int z) -> float& { return in[(std::size_t(z) * h + y) * w + x]; };
    at(5, 5, 5) = NAN;
    at(w - 1 - k, 6, 4) = NAN;  // in the last vector of its row, which overlaps the one before
    at(0, 3, 3) = INFINITY;     // a boundary cell: kept, and read by its interior neighbours
    at(20, 7, 6) = -INFINITY;
    const StencilCoeffs c = make_named_stencil("random:" + std::to_string(k), k);
    const Runs r = run_both(c, in, w, h, d);
    EXPECT_EQ(test::non_finite_mismatches(r.simd, r.reference), 0) << "k=" << k;
    EXPECT_GT(test::count_nan(r.simd), 2) << "k=" << k;  // the NaNs reached their neighbours
  }
}
