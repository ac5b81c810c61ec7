#pragma once
// How far two correct float32 evaluations of one weighted sum may differ when they add the same
// terms in another order or with fused multiply-adds: 4 sqrt(terms) eps sum|w| max|x|.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>

namespace tilescope {

inline double weighted_sum_tolerance(int terms, double sum_abs_weights, float max_abs_input) {
  return 4.0 * std::sqrt(double(terms)) * FLT_EPSILON * sum_abs_weights * max_abs_input;
}

// Largest |a[i] - b[i]| over n values; a NaN anywhere (an output no thread wrote) gives infinity.
// Either side may hold float or double (the tests' plain references are double).
template <typename A, typename B>
double max_abs_error(const A* a, const B* b, std::size_t n) {
  double worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::fabs(double(a[i]) - double(b[i]));
    if (std::isnan(d)) return INFINITY;
    worst = std::max(worst, d);
  }
  return worst;
}

}  // namespace tilescope
