// Named filters: sizes, normalisation and the classic 3x3 forms.
#include <gtest/gtest.h>

#include <numeric>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/filter.hpp"

using namespace tilescope;

namespace {
double sum(const Filter2d& f) { return std::accumulate(f.weights.begin(), f.weights.end(), 0.0); }
}  // namespace

TEST(Filters, AreSizedByTheRadius) {
  for (const char* name : {"box", "gaussian", "sharpen", "sobel_x", "laplacian", "random:3"})
    for (int r = 1; r <= 8; ++r) {
      const Filter2d f = make_named_filter(name, r);
      EXPECT_EQ(f.radius, r);
      EXPECT_EQ(f.weights.size(), std::size_t((2 * r + 1) * (2 * r + 1))) << name;
    }
}

TEST(Filters, SmoothingFiltersSumToOneAndEdgeFiltersToZero) {
  for (int r = 1; r <= 8; ++r) {
    EXPECT_NEAR(sum(make_named_filter("box", r)), 1.0, 1e-5);
    EXPECT_NEAR(sum(make_named_filter("gaussian", r)), 1.0, 1e-5);
    EXPECT_NEAR(sum(make_named_filter("sharpen", r)), 1.0, 1e-5);
    EXPECT_NEAR(sum(make_named_filter("sobel_x", r)), 0.0, 1e-5);
    EXPECT_NEAR(sum(make_named_filter("laplacian", r)), 0.0, 1e-5);
  }
}

TEST(Filters, RadiusOneGivesTheClassicKernels) {
  const std::vector<float> sobel = {-1, 0, 1, -2, 0, 2, -1, 0, 1};
  EXPECT_EQ(make_named_filter("sobel_x", 1).weights, sobel);
  const std::vector<float> laplacian = {1, 1, 1, 1, -8, 1, 1, 1, 1};
  EXPECT_EQ(make_named_filter("laplacian", 1).weights, laplacian);
}

TEST(Filters, RandomIsReproducibleBySeed) {
  EXPECT_EQ(make_named_filter("random:5", 2).weights, make_named_filter("random:5", 2).weights);
  EXPECT_NE(make_named_filter("random:5", 2).weights, make_named_filter("random:6", 2).weights);
  for (float w : make_named_filter("random:5", 4).weights) {
    EXPECT_GE(w, -1.0f);
    EXPECT_LE(w, 1.0f);
  }
}

TEST(Filters, UnknownNamesAndBadSeedsAreRefused) {
  EXPECT_THROW(make_named_filter("blur", 2), InvalidInput);
  EXPECT_THROW(make_named_filter("random:", 2), InvalidInput);
  EXPECT_THROW(make_named_filter("random:x1", 2), InvalidInput);
}
