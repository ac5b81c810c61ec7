#include "app/shell/traffic_meter.hpp"

#include <vector>

#include "app/shell/compare.hpp"
#include "kernels/common/counted_run.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

void TrafficMeter::measure_next(const UiState& state, PatternView& view, bool ladder_open) {
  if (state.pattern != pattern_) readings_.clear(), pattern_ = state.pattern, next_ = 0;
  if (view.backend().name() != "cuda") {
    readings_.clear();  // a CUDA run's readings are not this backend's
    why_not_ = "the CPU backend has no memory counters: measured traffic needs CUDA on an NVIDIA GPU";
    return;
  }
  if (state.measure_every <= 0) {
    why_not_ = "measuring is off (measure every 0 frames)";
    return;
  }
  if (state.paused || broken_on_purpose(state) || ++frame_ % state.measure_every != 0) return;
  const std::vector<std::string> names = strategy_list(state.pattern);
  const std::string name = ladder_open ? names[std::size_t(next_++ % int(names.size()))] : strategy_name(state);
  try {
    CountedRun counted;  // the engine's launch is measured instead of timed
    const HudFigures f = view.ladder_launch(name, true);
    const CounterReading& r = counted.reading();
    if (!f.problem.empty()) return;  // the strategy cannot run these parameters: nothing was launched
    if (!r.counters) {
      why_not_ = r.why_not;
      return;
    }
    readings_[name] = Reading{f.flops, f.opb_counted, *r.counters};
    why_not_.clear();
  } catch (const InvalidInput&) {  // the data changed size since the view's last frame: measured next time
  }
}

void TrafficMeter::attach(HudFigures& f) const {
  const auto it = readings_.find(f.id);
  if (it != readings_.end() && it->second.flops == f.flops && it->second.opb_counted == f.opb_counted) {
    f.measured = it->second.counters;
    return;
  }
  f.measured_why = why_not_.empty() ? "not measured at these parameters yet" : why_not_;
}

}  // namespace tilescope
