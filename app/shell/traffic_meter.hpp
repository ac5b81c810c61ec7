#pragma once
// Measured memory traffic in the app (issue 16): once per launch configuration (a strategy at its
// parameters, as its figures tell them apart), and again on request, one extra launch of the view's
// strategy (with the ladder open, of each strategy in turn, one a frame) runs under the GPU's
// counters, L2 flushed first (kernels/common/counters.hpp, CountedRun), before the view's own launch,
// which then overwrites what it wrote. An unchanged launch is never measured again on its own: a
// measurement stalls its frame (the profiler's passes), and the timed launches never run under it.
#include <map>
#include <string>

#include "app/shell/ui_state.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/pattern_view.hpp"

namespace tilescope {

class TrafficMeter : public MeasuredTraffic {
 public:
  // Before the view's frame: measures the first launch that has no reading at its parameters (CUDA,
  // the demo running, no break on, measuring on); state.measure_again drops every reading first.
  void measure_next(UiState& state, PatternView& view, bool ladder_open);
  // f with the last reading of f's strategy at f's parameters (none after a change of parameters
  // until the next measurement), or why there is none.
  void attach(HudFigures& f) const override;
  int measurements() const { return measurements_; }  // taken so far (a steady launch: one)

 private:
  struct Reading {
    double flops = 0, opb_counted = 0;  // the parameters it was taken at, as far as the figures tell
    MemoryCounters counters;
  };
  bool has_reading(const HudFigures& f) const;
  std::map<std::string, Reading> readings_;  // by strategy name
  std::string why_not_ = "not measured yet";
  int pattern_ = 0;  // the pattern (its index in the table) the readings are of
  int measurements_ = 0;
};

}  // namespace tilescope
