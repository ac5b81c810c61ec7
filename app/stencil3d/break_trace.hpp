#pragma once
// Break it: the inspector's trace of one cell of a broken stencil3d tiled step to the thread, tap
// and shared slot that went wrong (kernels/stencil3d/broken_block.hpp's slot_fault).
#include "kernels/common/breaks.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// ImGui lines for cell (x, y, z) of p (tiled) broken by `bug`.
void break_trace(const Stencil3dParams& p, Break bug, int x, int y, int z);

}  // namespace tilescope
