#pragma once
// A filter's rank and, at rank 1, its factors: a (2r+1) x (2r+1) filter that is a column of
// weights times a row of weights (box, gaussian, sobel_x) can run as a row pass and a column
// pass (the separable strategy). Found by the singular value decomposition of the weights.
#include <optional>
#include <string>
#include <vector>

#include "kernels/conv2d/filter.hpp"

namespace tilescope {

// F(fx, fy) = column[fy] * row[fx], to float32 rounding.
struct SeparableFilter {
  std::vector<float> row, column;  // 2r+1 weights each
};

// The rank of f's weights as numpy.linalg.matrix_rank counts it in float32: the singular values
// above sigma_max * (2r+1) * FLT_EPSILON (an all-zero filter has rank 0). Nothing when a weight is
// NaN or infinite: such a matrix has no singular values to count.
std::optional<int> filter_rank(const Filter2d& f);

// Why f cannot run as a row pass and a column pass (its rank is not 1), or nothing when it can.
std::optional<std::string> separable_problem(const Filter2d& f);

// The row and column of a rank-1 filter (sqrt(sigma_max) times the singular vectors, signed so
// that the column sums to a non-negative number). Throws InvalidInput with separable_problem's
// message for any other rank.
SeparableFilter separable_factors(const Filter2d& f);

}  // namespace tilescope
