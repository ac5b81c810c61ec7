#pragma once
// conv2d's step-through over the image: one step of the focused block's timeline
// (kernels/conv2d/steps.hpp) placed by the launch geometry, its input and output tiles outlined,
// and in a compute step the filter row the focused thread reads.
#include <imgui.h>

#include "app/conv2d/overlays.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/common/block_steps.hpp"

namespace tilescope {

// Returns the screen box it drew within: the block's input tile, and a barrier step's label below it.
ScreenBox draw_step(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, const BlockTimeline& tl, int step,
                    Pixel focus, const OverlayStyle& st);

}  // namespace tilescope
