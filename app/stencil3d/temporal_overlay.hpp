#pragma once
// The temporal strategy's fused block in the shown z slice, from TemporalTiling (geometry.hpp):
// its input tile (a halo of S k rows and planes; one float4 in x), the valid regions of steps
// 1..S nested inside it (each k narrower per side than the last, labelled by step), the cells it
// computes that a neighbouring block computes too (redundant), and its output tile.
#include <imgui.h>

#include "app/view/step_draw.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// `stage`: what the step-through stands on: -1 nothing; 0 the load (the input tile); 1..S step s
// (its valid region filled, its redundant cells hatched); S + 1 the store (the output tile).
// Returns the screen box it drew within: the input tile.
ScreenBox draw_temporal_block(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, int bx, int by, int z,
                              float line, int stage = -1);

}  // namespace tilescope
