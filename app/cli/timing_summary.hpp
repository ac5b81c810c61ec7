#pragma once
// Medians and minima of repeated kernel timings, for the bench commands.
#include <algorithm>
#include <vector>

namespace tilescope::cli {

struct TimingSummary {
  double median_ms = 0, min_ms = 0;
};

// Drops the first run (the warm-up) and summarises the rest.
inline TimingSummary summarize_after_warmup(std::vector<double> ms) {
  if (ms.size() > 1) ms.erase(ms.begin());
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.front()};
}

}  // namespace tilescope::cli
