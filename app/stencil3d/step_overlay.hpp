#pragma once
// stencil3d's step-through over the shown z slice: one step of the focused block's timeline
// (kernels/stencil3d/steps.hpp) placed by the launch geometry. The cube strategies show the
// threads and shared cells of this slice; the marching ones their T x T threads and, while it is
// in shared memory, the plane of this slice (it arrives when the march loads it and leaves when
// the ring overwrites it).
#include <imgui.h>

#include "app/stencil3d/ui.hpp"
#include "app/view/step_draw.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/common/block_steps.hpp"

namespace tilescope {

// The block (bx, by, bz) the step-through follows: the focused cell's, in the shown slice.
struct StencilBlock {
  int bx, by, bz;
};
StencilBlock stencil_step_block(const Stencil3dParams& p, Pixel focus, int slice);

// Returns the screen box it drew within: the block's input tile in the slice, and a barrier step's
// label below it.
ScreenBox draw_stencil_step(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, const BlockTimeline& tl,
                            int step, Pixel focus, int slice, float line);

}  // namespace tilescope
