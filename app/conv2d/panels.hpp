#pragma once
// The conv2d view's panels: free functions of the UI state and what the frame measured. Sidebar
// panels draw into the current window; the overlay ones make their own.
#include "app/conv2d/pipeline.hpp"
#include "app/conv2d/ui.hpp"
#include "app/ui/frame_stats.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

void conv2d_controls_panel(CommonState& s, Conv2dUi& ui, const Conv2dPipeline& pipeline, const Filter2d& filter);
void conv2d_opb_panel(const Conv2dUi& ui);
void conv2d_launch_panel(const Conv2dUi& ui, const Conv2dPipeline& pipeline);
void conv2d_timing_panel(const Conv2dUi& ui, const Conv2dPipeline& pipeline, const FrameStats& stats);
// Returns true when the user asks for a check now.
bool correctness_panel(const Conv2dPipeline& pipeline);
// Floating windows over the view.
void conv2d_inspector_window(const CommonState& s, const Conv2dUi& ui, const Rect& area);
void conv2d_legend_window(const CommonState& s, const Conv2dUi& ui, float right, float bottom, float width, float top);

}  // namespace tilescope
