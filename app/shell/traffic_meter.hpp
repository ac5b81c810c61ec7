#pragma once
// Measured memory traffic in the app (issues 16, 53): once per launch configuration (a strategy at
// its parameters, as its figures tell them apart), and again on request, the view's strategy (with
// the ladder open, each strategy in turn) is measured under the GPU's counters, L2 flushed first
// (kernels/common/counters.hpp), off the frame path: on the background meter's thread and CUDA
// context (app/shell/background_meter.hpp), on an engine and data of its own at the view's
// parameters. The frames lend it the GPU for each of its passes, a few milliseconds each. An
// unchanged launch is never measured again on its own, and the timed launches never run under it.
#include <map>
#include <memory>
#include <string>

#include "app/shell/background_meter.hpp"
#include "app/shell/ui_state.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/pattern_view.hpp"

namespace tilescope {

class TrafficMeter : public MeasuredTraffic {
 public:
  // Before the view's frame, with its GL context current: lends the GPU to a waiting pass (the
  // frames' earlier GL and CUDA work finished first), keeps the reading that finished, and starts
  // measuring the first launch with no reading at its parameters (CUDA, the demo running, no break
  // on, measuring on); state.measure_again drops every reading first.
  void measure_next(UiState& state, PatternView& view, bool ladder_open);
  // f with the last reading of f's strategy at f's parameters (none after a change of parameters
  // until the next measurement), or why there is none (a measurement that failed says why until
  // measured again on request).
  void attach(HudFigures& f) const override;
  int measurements() const { return measurements_; }  // finished so far (a steady launch: one)
  bool measuring() const { return background_ && background_->busy(); }

 private:
  struct Reading {
    double flops = 0, opb_counted = 0;  // the parameters it was taken at, as far as the figures tell
    CounterReading counters;
  };
  const Reading* reading_of(const HudFigures& f) const;
  void keep_finished();
  void start_next(const UiState& state, PatternView& view, bool ladder_open);

  std::map<std::string, Reading> readings_;  // by strategy name
  std::string why_not_;                      // why nothing is measured (the CPU backend, measuring off), or empty
  int pattern_ = 0;                          // the pattern (its index in the table) the readings are of
  int generation_ = 0;                       // readings dropped (another pattern, measure again) since the start
  Reading in_flight_;                        // the parameters of the measurement in flight
  int in_flight_generation_ = -1;
  int measurements_ = 0;
  std::unique_ptr<BackgroundMeter> background_;  // made on the first frame on CUDA
};

}  // namespace tilescope
