#pragma once
// What `check` and `bench` do with their numbers: compare an output with the CPU reference,
// and summarise repeated kernel times.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/common/tolerance.hpp"

namespace tilescope::cli {

// One row of a check table: cases run and skipped, elements over the tolerance, the largest
// error, the row's first backend error.
struct CheckTally {
  int runs = 0, skipped = 0, bad = 0;
  double worst = 0;
  std::string error;

  void compare(const std::vector<float>& out, const std::vector<float>& ref, double tolerance) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      const double err = max_abs_error(&out[i], &ref[i], 1);  // an unwritten output (NaN): infinity
      if (!within_tolerance(err, tolerance)) ++bad;
      worst = std::max(worst, err);
    }
    ++runs;
  }
  // A failed launch fails its case, not the whole check; the first error is kept for the summary.
  void launch_failed(const std::string& what, std::string& first_error) {
    if (first_error.empty()) first_error = what;
    ++bad;
  }
};

struct Timing {
  double median = 0, min = 0;
};
// Drops the first (warm-up) time, then the median and the minimum of the rest.
inline Timing summarize(std::vector<double> ms) {
  if (ms.size() > 1) ms.erase(ms.begin());
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.front()};
}

}  // namespace tilescope::cli
