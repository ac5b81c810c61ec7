#pragma once
// The conv2d view's legend: exactly the colours on screen now, and never two entries in one colour
// (what is drawn solid and dashed in one colour is one entry that says both; the ghost cells and
// the taps that read them are one hatched entry).
#include <cstdint>
#include <string>
#include <vector>

#include "app/conv2d/ui.hpp"

namespace tilescope {

struct LegendEntry {
  std::uint32_t rgba;
  std::string name;
  bool hatched = false;
};

std::vector<LegendEntry> conv2d_legend(const CommonState& s, const Conv2dUi& ui);

// Whether the view's launch runs: its parameters can launch and its filter suits the strategy
// (filter_problem: separable needs rank 1). The overlays, the legend and the inspector show a
// launch only when it ran.
bool conv2d_runs(const Conv2dUi& ui);

}  // namespace tilescope
