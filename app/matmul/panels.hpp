#pragma once
// The matmul view's panels: free functions of the UI state and the last run.
#include "app/matmul/view.hpp"

namespace tilescope {

void matmul_controls_panel(CommonState& s, MatmulUi& ui, const Backend& backend);
void matmul_stepper_panel(CommonState& s, MatmulUi& ui, const MatmulRun& run);  // phases, barriers, what breaks
void matmul_model_panel(const MatmulParams& p, const Backend& backend);
void matmul_timing_panel(const MatmulParams& p, const MatmulRun& run, const Backend& backend, const FrameStats& stats);
void matmul_correctness_panel(const MatmulRun& run);
// Floating windows over the view.
void matmul_inspector_window(const CommonState& s, const MatmulUi& ui, const MatmulRun& run, const Rect& area);
void matmul_legend_window(const CommonState& s, const MatmulUi& ui, const MatmulRun& run, float right, float bottom,
                          float width);

}  // namespace tilescope
