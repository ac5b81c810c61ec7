#pragma once
// The conv2d view's panels: free functions of the UI state and what the frame measured. Sidebar
// panels draw into the current window; the overlay ones make their own.
#include "app/conv2d/pipeline.hpp"
#include "app/ui/frame_stats.hpp"
#include "app/ui/ui_state.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

void controls_panel(UiState& s, const Conv2dPipeline& pipeline, const Filter2d& filter);
void opb_panel(const UiState& s);
void launch_panel(const UiState& s, const Conv2dPipeline& pipeline);
void timing_panel(const UiState& s, const Conv2dPipeline& pipeline, const FrameStats& stats);
// Returns true when the user asks for a check now.
bool correctness_panel(const Conv2dPipeline& pipeline);
// Floating windows over the view.
void inspector_window(const UiState& s, const Rect& area);
void legend_window(const UiState& s, float right, float bottom, float width, float top);

}  // namespace tilescope
