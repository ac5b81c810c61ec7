#pragma once
// The step-through panel every pattern shows: on / off, play, pause, step, scrub and speed, what
// the shown step does, and the counts so far beside the block's total and the exact count of the
// whole launch (the model panel's), which the blocks' totals add up to.
#include <optional>
#include <string>

#include "app/ui/common_state.hpp"
#include "kernels/common/block_steps.hpp"
#include "kernels/common/strategy_table.hpp"

namespace tilescope {

struct StepPanelInput {
  const BlockTimeline* timeline = nullptr;  // the focused block's; null when there is none
  std::optional<std::string> problem;       // why this strategy has no step-through
  LaunchSteps launch;                       // the whole launch: its blocks and exact count
};

// The input for a pattern's parameters p (kernels/<pattern>/steps.hpp) and its focused block's
// timeline (null: none); the launch is only counted where there is a timeline.
template <typename Params>
StepPanelInput step_panel_input(const Params& p, const BlockTimeline* timeline) {
  StepPanelInput in{timeline, steps_problem(p.strategy), {}};
  if (timeline) in.launch = launch_steps(p);
  return in;
}

void step_panel(Stepper& s, const StepPanelInput& in);
// Its table alone: the counts after `step` of in.timeline, the block's and the launch's totals.
void step_counts_table(const StepPanelInput& in, int step);

// The step-through's swatches for a legend: working and idle threads, the load-only ring where
// there is one, and for a block with shared memory its stored slots (ghost zeros where the shared
// tile leaves the data) and the barrier line.
void step_swatches(bool shared, bool ghost_slots, bool load_only_ring);

}  // namespace tilescope
