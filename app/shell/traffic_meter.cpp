#include "app/shell/traffic_meter.hpp"

#include <vector>

#include "app/shell/compare.hpp"
#include "kernels/common/counted_run.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

bool TrafficMeter::has_reading(const HudFigures& f) const {
  const auto it = readings_.find(f.id);
  return it != readings_.end() && it->second.flops == f.flops && it->second.opb_counted == f.opb_counted;
}

void TrafficMeter::measure_next(UiState& state, PatternView& view, bool ladder_open) {
  if (state.pattern != pattern_ || state.measure_again) readings_.clear(), pattern_ = state.pattern;
  state.measure_again = false;
  if (view.backend().name() != "cuda") {
    readings_.clear();  // a CUDA run's readings are not this backend's
    why_not_ = "the CPU backend has no memory counters: measured traffic needs CUDA on an NVIDIA GPU";
    return;
  }
  if (!state.measure_traffic) {
    why_not_ = "measuring is off";
    return;
  }
  if (state.paused || broken_on_purpose(state)) return;
  // The shown strategy first, then (the ladder open) the others: the first without a reading here.
  std::vector<std::string> names{strategy_name(state)};
  if (ladder_open)
    for (const std::string& n : strategy_list(state.pattern))
      if (n != names.front()) names.push_back(n);
  for (const std::string& name : names) {
    const HudFigures planned = view.ladder_launch(name, false);  // the model's figures: nothing runs
    if (!planned.problem.empty() || has_reading(planned)) continue;
    try {
      CountedRun counted;  // the engine's launch is measured instead of timed
      const HudFigures f = view.ladder_launch(name, true);
      const CounterReading& r = counted.reading();
      ++measurements_;
      if (!r.counters) {
        why_not_ = r.why_not;
        return;
      }
      readings_[name] = Reading{f.flops, f.opb_counted, *r.counters};
      why_not_.clear();
    } catch (const InvalidInput&) {  // the data changed size since the view's last frame: measured next time
    }
    return;  // one measurement a frame
  }
}

void TrafficMeter::attach(HudFigures& f) const {
  const auto it = readings_.find(f.id);
  if (has_reading(f)) {
    f.measured = it->second.counters;
    return;
  }
  f.measured_why = why_not_.empty() ? "not measured at these parameters yet" : why_not_;
}

}  // namespace tilescope
