#pragma once
// The ladder (issue 17): every strategy of the current pattern on the same data, charted: each
// one's kernel time as a bar beside the copy of the same bytes (a line: the ceiling), and its OP/B
// as the book models it, as counted and as the GPU's counters measured it (flops / DRAM bytes). Live: while the panel
// is open and the demo runs, one strategy a few frames is launched once on the view's data, before the view's own
// launch (which then overwrites what it wrote). On the CPU every strategy runs the same engine, so its times would only
// repeat one number: the ladder says so and charts the model alone.
#include <string>
#include <vector>

#include "app/shell/traffic_meter.hpp"
#include "app/shell/ui_state.hpp"
#include "app/ui/hud.hpp"

namespace tilescope {

class PatternView;

// A strategy's first cells in a row of a table (the ladder, compare's): its name, then its OP/B as
// the book models it and as counted, or "cannot run"; returns whether it can run.
bool strategy_opb_cells(const std::string& name, const HudFigures& f);

class Ladder {
 public:
  static constexpr int kFramesPerLaunch = 4;  // one extra launch every 4 frames: the frame rate stays the view's

  // Before the view's frame: launches the next strategy in turn when it is time (the panel open,
  // the demo running, no break on: a broken output must stay on screen).
  void launch_next(const UiState& state, PatternView& view, bool panel_open);
  // Every strategy's figures at the current parameters, in the table's order, with the time of its
  // last launch where that launch ran the same model (a changed radius or tile drops the old time)
  // and the meter's reading of it.
  std::vector<HudFigures> rows(const UiState& state, PatternView& view, const TrafficMeter& meter);
  // The panel's body: the chart, then a line on what it shows.
  void panel(const UiState& state, PatternView& view, const TrafficMeter& meter);

 private:
  void fit(const UiState& state);  // one timed row per strategy of the current pattern

  int pattern_ = 0;                // the pattern (its index in the table) the rows are of
  std::vector<HudFigures> timed_;  // as each strategy's last launch left it
  int next_ = 0, frame_ = 0;
};

}  // namespace tilescope
