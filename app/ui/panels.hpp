#pragma once
// The panels: free functions of the UI state and what the frame measured. Each lives in its
// own file. Sidebar panels draw into the current window; the overlay ones make their own.
#include <string>

#include "app/compute/conv2d_pipeline.hpp"
#include "app/ui/history.hpp"
#include "app/ui/ui_state.hpp"
#include "kernels/filter.hpp"

namespace tilescope {

struct FrameStats {
  History<240> kernel_ms, frame_ms;
  double upload_ms = 0;  // moving input/output into the textures (interop or upload)
  std::string transfer;  // which path did it
  double source_ms = 0;  // generating the demo frame
  std::string status;    // last screenshot path, load errors, ...
};

void controls_panel(UiState& s, const Conv2dPipeline& pipeline, const Filter2d& filter);
void opb_panel(const UiState& s);
void launch_panel(const UiState& s, const Conv2dPipeline& pipeline);
void timing_panel(const UiState& s, const Conv2dPipeline& pipeline, const FrameStats& stats);
// Returns true when the user asks for a check now.
bool correctness_panel(const Conv2dPipeline& pipeline);
// Floating windows over the view.
void inspector_window(const UiState& s, float x, float y);
void legend_window(const UiState& s, float right, float bottom);

}  // namespace tilescope
