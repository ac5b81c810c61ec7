#include "app/shell/traffic_meter.hpp"

#include <chrono>
#include <utility>
#include <vector>

#include "app/gl/gl.hpp"
#include "app/shell/compare.hpp"

namespace tilescope {

namespace {
// The most a frame waits for the profiler's set-up; a slower one goes on beside the frames.
constexpr std::chrono::seconds kLongestSetUp{10};
}  // namespace

const TrafficMeter::Reading* TrafficMeter::reading_of(const HudFigures& f) const {
  const auto it = readings_.find(f.id);
  const bool same = it != readings_.end() && it->second.flops == f.flops && it->second.opb_counted == f.opb_counted;
  return same ? &it->second : nullptr;
}

void TrafficMeter::measure_next(UiState& state, PatternView& view, bool ladder_open) {
  if (background_)  // before anything of this frame reaches the GPU
    lend_gpu([&] {
      glFinish();
      view.backend().finish();
    });
  if (state.pattern != pattern_ || state.measure_again) readings_.clear(), pattern_ = state.pattern, ++generation_;
  state.measure_again = false;
  keep_finished();
  if (view.backend().name() != "cuda") {
    readings_.clear();  // a CUDA run's readings are not this backend's
    why_not_ = "the CPU backend has no memory counters: measured traffic needs CUDA on an NVIDIA GPU";
    return;
  }
  if (!state.measure_traffic) {
    why_not_ = "measuring is off";
    return;
  }
  why_not_.clear();
  if (state.paused || broken_on_purpose(state)) return;
  if (!background_) {
    // This frame waits for the profiler's set-up (about a second): beside running frames it held
    // them back most, 5-6 frames of 70-100 ms (H200, bench/studies/2026-11-29-cupti-stall-probe.md). The
    // first frame, which a shot does not time as it pays for set-up, or the one that turns
    // measuring on, pays for it instead.
    background_ = std::make_unique<BackgroundMeter>(view.backend().cuda_device().value_or(0));
    background_->wait_set_up(kLongestSetUp);
  }
  if (!background_->busy()) start_next(state, view, ladder_open);
}

void TrafficMeter::keep_finished() {
  if (!background_) return;
  auto finished = background_->take_finished();
  if (!finished || finished->second.gave_way) return;  // one that gave way is taken again
  ++measurements_;
  if (in_flight_generation_ != generation_) return;  // dropped while it ran
  in_flight_.counters = std::move(finished->second);
  readings_[finished->first] = in_flight_;
}

// The shown strategy first, then (the ladder open) the others: the first without a reading here.
void TrafficMeter::start_next(const UiState& state, PatternView& view, bool ladder_open) {
  std::vector<std::string> names{strategy_name(state)};
  if (ladder_open)
    for (const std::string& n : strategy_list(state.pattern))
      if (n != names.front()) names.push_back(n);
  for (const std::string& name : names) {
    const HudFigures planned = view.ladder_launch(name, false);  // the model's figures: nothing runs
    if (!planned.problem.empty() || reading_of(planned)) continue;
    auto job = view.measure_job(name);
    if (!job) continue;
    in_flight_ = Reading{planned.flops, planned.opb_counted, {}};
    in_flight_generation_ = generation_;
    background_->start(name, std::move(job));
    return;
  }
}

void TrafficMeter::attach(HudFigures& f) const {
  if (const Reading* r = reading_of(f)) {
    f.measured = r->counters.counters;
    f.measured_why = r->counters.why_not;
  } else if (!why_not_.empty()) {
    f.measured_why = why_not_;
  } else {
    f.measured_why = measuring() ? "measuring, beside the frames" : "not measured at these parameters yet";
  }
}

}  // namespace tilescope
