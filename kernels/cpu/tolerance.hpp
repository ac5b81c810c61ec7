#pragma once
// How far two float32 evaluations of one sum may differ when they add the same terms in another
// order or with fused multiply-adds: 4 sqrt(terms) eps sum|w| max|x|, for a sum of `terms`
// products w x with sum|w| = sum_abs_weights and |x| <= max_abs_input.
#include <cfloat>
#include <cmath>
#include <cstddef>

namespace tilescope {

inline double sum_tolerance(std::size_t terms, double sum_abs_weights, double max_abs_input) {
  return 4.0 * std::sqrt(double(terms)) * FLT_EPSILON * sum_abs_weights * max_abs_input;
}

}  // namespace tilescope
