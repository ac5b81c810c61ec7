#pragma once
// The tile-in-3D panel for temporal: the fused block's input tile with the valid regions of its S
// steps nested inside it, each k narrower per side than the last, down to the output tile.
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

void temporal_tile_panel(const Stencil3dParams& p, const Stencil3dModel& m);

}  // namespace tilescope
