#pragma once
// The step-through panel every pattern shows: on / off, play, pause, step, scrub and speed, what
// the shown step does, and the counts so far beside the block's total and the exact count of the
// whole launch (the model panel's), which the blocks' totals add up to.
#include <optional>
#include <string>

#include "app/ui/ui_state.hpp"
#include "kernels/common/block_steps.hpp"

namespace tilescope {

struct StepPanelInput {
  const BlockTimeline* timeline = nullptr;  // the focused block's; null when there is none
  std::optional<std::string> problem;       // why this strategy has no step-through
  StepCounts grid;                          // the exact count of the whole launch
  bool grid_has_shared_reads = true;        // stencil3d's exact count has no shared-memory figure
  int blocks = 0;                           // in the launch
};

void step_panel(Stepper& s, const StepPanelInput& in);
// Its table alone: the counts after `step` of in.timeline, the block's and the launch's totals.
void step_counts_table(const StepPanelInput& in, int step);

// The step-through's swatches for a legend: working and idle threads, the load-only ring where
// there is one, and for a block with shared memory its stored slots (ghost zeros where the shared
// tile leaves the data) and the barrier line.
void step_swatches(bool shared, bool ghost_slots, bool load_only_ring);

}  // namespace tilescope
