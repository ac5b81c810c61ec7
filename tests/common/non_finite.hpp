#pragma once
// NaN and Inf propagation: a fast engine must make exactly the outputs NaN (or +-Inf) that the
// reference makes, whatever order it sums the taps in.
#include <cmath>
#include <cstddef>
#include <vector>

namespace tilescope::test {

// How many outputs differ from the reference's in being NaN, +Inf or -Inf.
inline int non_finite_mismatches(const std::vector<float>& got, const std::vector<float>& want) {
  int mismatches = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool same_nan = std::isnan(got[i]) == std::isnan(want[i]);
    const bool same_inf = std::isinf(got[i]) == std::isinf(want[i]) &&
                          (!std::isinf(got[i]) || std::signbit(got[i]) == std::signbit(want[i]));
    mismatches += !(same_nan && same_inf);
  }
  return mismatches;
}

inline int count_nan(const std::vector<float>& v) {
  int n = 0;
  for (float x : v) n += std::isnan(x);
  return n;
}

}  // namespace tilescope::test
