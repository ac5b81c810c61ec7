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

// Largest |a[i] - b[i]| over n values, NaN-aware: the same non-finite value on both sides (an
// overflow both computed) differs by 0; a NaN or an infinity on one side only (an output no thread
// wrote, an overflow one side alone made) gives infinity. Either side may hold float or double (the
// tests' plain references are double).
template <typename A, typename B>
double max_abs_error(const A* a, const B* b, std::size_t n) {
  double worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double x = double(a[i]), y = double(b[i]);
    if (!std::isfinite(x) || !std::isfinite(y)) {
      if (!(x == y || (std::isnan(x) && std::isnan(y)))) return INFINITY;
      continue;
    }
    worst = std::max(worst, std::fabs(x - y));
  }
  return worst;
}

// Whether an error is within a tolerance: never an infinite error, whatever the tolerance (weights
// so large that the tolerance overflows pass no output that differs).
inline bool within_tolerance(double err, double tolerance) { return std::isfinite(err) && err <= tolerance; }

}  // namespace tilescope
