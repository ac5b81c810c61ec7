#pragma once
// The stencil3d view's panels (sidebar) and floating windows, free functions of the UI state
// and the simulation.
#include "app/stencil3d/heat_simulation.hpp"
#include "app/stencil3d/ui.hpp"
#include "app/ui/frame_stats.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

void stencil3d_controls_panel(CommonState& s, Stencil3dUi& ui, const HeatSimulation& sim);
// One block's input tile drawn in 3D (output interior vs halo shell), and warp 0's rows.
void stencil3d_tile_panel(const Stencil3dUi& ui);
void stencil3d_opb_panel(const Stencil3dUi& ui);
void stencil3d_launch_panel(const Stencil3dUi& ui, const HeatSimulation& sim);
void stencil3d_timing_panel(const Stencil3dUi& ui, const HeatSimulation& sim, const FrameStats& stats);
void stencil3d_correctness_panel(Stencil3dUi& ui, const HeatSimulation& sim);
void stencil3d_inspector_window(const CommonState& s, const Stencil3dUi& ui, const Rect& area);
void stencil3d_legend_window(const CommonState& s, const Stencil3dUi& ui, float right, float bottom, float width,
                             float top);

}  // namespace tilescope
