#pragma once
// How far two correct float32 evaluations of one weighted sum may differ when they add the same
// terms in another order or with fused multiply-adds: 4 sqrt(terms) eps sum|w| max|x|.
#include <cfloat>
#include <cmath>

namespace tilescope {

inline double weighted_sum_tolerance(int terms, double sum_abs_weights, float max_abs_input) {
  return 4.0 * std::sqrt(double(terms)) * FLT_EPSILON * sum_abs_weights * max_abs_input;
}

}  // namespace tilescope
