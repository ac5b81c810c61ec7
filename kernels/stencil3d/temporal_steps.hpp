#pragma once
// temporal's step-through (stencil3d_timeline's, kernels/stencil3d/steps.hpp): block (bx, by, bz) of
// its launch (the first pass of p.steps: tiling_of), step by fused step, from TemporalTiling.
#include "kernels/common/block_steps.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

BlockTimeline temporal_timeline(const Stencil3dParams& p, int bx, int by, int bz);

}  // namespace tilescope
