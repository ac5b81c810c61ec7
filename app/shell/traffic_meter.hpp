#pragma once
// Measured memory traffic in the app (issue 16): every `UiState::measure_every` frames, one extra
// launch of the view's strategy (with the ladder open, of each strategy in turn) runs under the
// GPU's counters, L2 flushed first (kernels/common/counters.hpp, CountedRun), before the view's own
// launch, which then overwrites what it wrote. The timed launches never run under the profiler.
#include <map>
#include <string>

#include "app/shell/ui_state.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/pattern_view.hpp"

namespace tilescope {

class TrafficMeter : public MeasuredTraffic {
 public:
  // Before the view's frame: measures the next launch when it is due (CUDA, the demo running, no
  // break on, measure_every > 0).
  void measure_next(const UiState& state, PatternView& view, bool ladder_open);
  // f with the last reading of f's strategy at f's parameters (none after a change of parameters
  // until the next measurement), or why there is none.
  void attach(HudFigures& f) const override;

 private:
  struct Reading {
    double flops = 0, opb_counted = 0;  // the parameters it was taken at, as far as the figures tell
    MemoryCounters counters;
  };
  std::map<std::string, Reading> readings_;  // by strategy name
  std::string why_not_ = "not measured yet";
  int pattern_ = 0;  // the pattern (its index in the table) the readings are of
  int frame_ = 0, next_ = 0;
};

}  // namespace tilescope
