#pragma once
// Overlays on the stencil view's z slice, from the kernels' launch geometry: the output-tile
// grid, the boundary cells, the focused block's input tile / halo / ghost cells in this slice,
// and the focused cell's in-slice neighbours coloured by where the kernel reads them. Plus the
// heat map's colour bar.
#include "app/stencil3d/ui.hpp"
#include "app/view/step_draw.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

// block_and_taps false: the step-through draws the focused block instead. Returns the screen box the
// focused block was drawn within (empty: none drawn).
ScreenBox draw_slice_overlays(const ViewTransform& xf, const CommonState& s, const Stencil3dUi& ui,
                              bool block_and_taps);
void draw_colour_bar(const ViewTransform& xf, bool presentation);
// The screen pixels the colour bar and its title keep at the view's bottom-left corner.
float colour_bar_height();
// Its width from the view's left edge, backdrop included: the legend keeps clear of it.
float colour_bar_width(bool presentation);

}  // namespace tilescope
