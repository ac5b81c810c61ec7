// A filter's rank by SVD, and the row and column of a rank-1 filter: what decides whether the
// separable strategy may run it. The ranks are the filters' mathematical ones.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/filter_rank.hpp"

using namespace tilescope;

TEST(FilterRank, SmoothingAndDerivativeFiltersAreRankOne) {
  // box = ones x ones, gaussian = g x g, sobel_x = triangle x (-r..r): a column times a row.
  for (int r = 1; r <= 8; ++r)
    for (const char* name : {"box", "gaussian", "sobel_x"})
      EXPECT_EQ(filter_rank(make_named_filter(name, r)), 1) << name << " r=" << r;
}

TEST(FilterRank, SharpenAndLaplacianAreRankTwo) {
  // sharpen = 2 x identity - box and laplacian = ones - (2r+1)^2 x identity: a delta plus a
  // rank-1 matrix (for r >= 1 neither collapses to rank 1).
  for (int r = 1; r <= 8; ++r) {
    EXPECT_EQ(filter_rank(make_named_filter("sharpen", r)), 2) << r;
    EXPECT_EQ(filter_rank(make_named_filter("laplacian", r)), 2) << r;
  }
}

TEST(FilterRank, RandomFiltersHaveFullRankAndRandomSeparableOnesRankOne) {
  for (int r = 1; r <= 8; ++r) {
    EXPECT_EQ(filter_rank(make_named_filter("random:" + std::to_string(r), r)), 2 * r + 1) << r;
    EXPECT_EQ(filter_rank(make_named_filter("random_separable:" + std::to_string(r), r)), 1) << r;
  }
}

TEST(FilterRank, AllZeroHasRankZeroAndASingleTapRankOne) {
  Filter2d f = make_named_filter("box", 2);
  for (float& w : f.weights) w = 0.0f;
  EXPECT_EQ(filter_rank(f), 0);
  f.weights[7] = -3.0f;
  EXPECT_EQ(filter_rank(f), 1);
}

TEST(FilterRank, ANanOrInfiniteWeightHasNoRankAndIsRefusedSayingSo) {
  for (float bad : {NAN, INFINITY, -INFINITY}) {
    Filter2d f = make_named_filter("gaussian", 2);
    f.weights[12] = bad;
    EXPECT_FALSE(filter_rank(f));
    ASSERT_TRUE(separable_problem(f));
    EXPECT_NE(separable_problem(f)->find("NaN or infinite"), std::string::npos) << *separable_problem(f);
    EXPECT_THROW(separable_factors(f), InvalidInput);
  }
}

TEST(FilterRank, AFilterOneRoundingAwayFromRankOneStaysRankOne) {
  // float32's tolerance: a perturbation of one weight by its own rounding step is noise, one a
  // thousand times larger is a second rank.
  Filter2d f = make_named_filter("gaussian", 3);
  const float w = f.weights[10];
  f.weights[10] = std::nextafter(w, 1.0f);
  EXPECT_EQ(filter_rank(f), 1);
  f.weights[10] = w * 1.001f;
  EXPECT_EQ(filter_rank(f), 2);
}

TEST(SeparableFactors, ColumnTimesRowGivesBackTheFilter) {
  for (int r = 1; r <= 8; ++r)
    for (const std::string& name : {std::string("box"), std::string("gaussian"), std::string("sobel_x"),
                                    "random_separable:" + std::to_string(r)}) {
      const Filter2d f = make_named_filter(name, r);
      const SeparableFilter s = separable_factors(f);
      ASSERT_EQ(s.row.size(), std::size_t(f.dim()));
      ASSERT_EQ(s.column.size(), std::size_t(f.dim()));
      double max_w = 0;
      for (float v : f.weights) max_w = std::max(max_w, double(std::fabs(v)));
      for (int fy = 0; fy < f.dim(); ++fy)
        for (int fx = 0; fx < f.dim(); ++fx)
          EXPECT_NEAR(double(s.column[fy]) * s.row[fx], f.at(fx, fy), 8 * f.dim() * 1.2e-7 * max_w)
              << name << " r=" << r << " at " << fx << "," << fy;
    }
}

TEST(SeparableFactors, TheGaussiansFactorsAreItsOneDimensionalProfile) {
  // Symmetric and positive with the sign convention: the column sums to a non-negative number.
  const SeparableFilter s = separable_factors(make_named_filter("gaussian", 4));
  for (int i = 0; i < 9; ++i) {
    EXPECT_GT(s.column[i], 0.0f);
    EXPECT_NEAR(s.column[i], s.row[i], 1e-6);
    EXPECT_NEAR(s.column[i], s.column[8 - i], 1e-6);
  }
}

TEST(SeparableFactors, AFilterOfAnotherRankIsRefusedWithItsRank) {
  for (const auto& [name, rank] : {std::pair{"sharpen", 2}, std::pair{"random:4", 7}}) {
    const Filter2d f = make_named_filter(name, 3);
    ASSERT_TRUE(separable_problem(f));
    EXPECT_NE(separable_problem(f)->find("rank " + std::to_string(rank)), std::string::npos) << *separable_problem(f);
    EXPECT_THROW(separable_factors(f), InvalidInput);
  }
  EXPECT_FALSE(separable_problem(make_named_filter("gaussian", 3)));
}
