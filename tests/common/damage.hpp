#pragma once
// Break it (issue 18), for every pattern's tests: an output differs from the reference at exactly
// the elements the geometry says a bug damages, and a broken kernel matches its CPU emulation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <vector>

namespace tilescope::test {

// out differs from ref (by more than tol; NaN always differs) at exactly the damaged outputs.
inline ::testing::AssertionResult damage_is(const std::vector<float>& out, const std::vector<float>& ref,
                                            const std::vector<char>& damaged, double tol, int width) {
  int wrong = 0, first = -1;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool differs = !(std::abs(double(out[i]) - ref[i]) <= tol);
    if (differs != bool(damaged[i])) wrong += 1, first = first < 0 ? int(i) : first;
  }
  if (wrong == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << wrong << " outputs off the prediction, first (" << first % width << ", "
                                       << first / width << "): out " << out[first] << ", reference " << ref[first]
                                       << (damaged[first] ? ", predicted damaged" : ", predicted intact");
}

// out equals expect within tol, NaN where expect has NaN.
inline ::testing::AssertionResult same_as(const std::vector<float>& out, const std::vector<float>& expect, double tol) {
  for (std::size_t i = 0; i < out.size(); ++i)
    if (std::isnan(out[i]) != std::isnan(expect[i]) || std::abs(double(out[i]) - expect[i]) > tol)
      return ::testing::AssertionFailure() << "output " << i << ": " << out[i] << ", expected " << expect[i];
  return ::testing::AssertionSuccess();
}

}  // namespace tilescope::test
