#pragma once
// The conv1d view's panels: free functions of the UI state and the last run.
#include "app/conv1d/view.hpp"

namespace tilescope {

void conv1d_controls_panel(CommonState& s, Conv1dUi& ui, const Backend& backend);
void conv1d_model_panel(const Conv1dParams& p);  // OP/B and the book's load-reduction ratios
void conv1d_launch_panel(const Conv1dParams& p);
void conv1d_timing_panel(const Conv1dParams& p, const Backend& backend, const FrameStats& stats);
void conv1d_correctness_panel(const Conv1dRun& run);
// Floating windows over the view.
void conv1d_inspector_window(const CommonState& s, const Conv1dUi& ui, const Conv1dRun& run, const Rect& area);
void conv1d_legend_window(const CommonState& s, const Conv1dUi& ui, float right, float bottom, float width, float top);

}  // namespace tilescope
