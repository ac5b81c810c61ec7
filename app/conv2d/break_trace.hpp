#pragma once
// Break it: the inspector's trace of one output of a broken tiled_in kernel to the thread, tap
// and shared slot that went wrong (kernels/conv2d/broken_block.hpp's slot_fault).
#include "app/conv2d/ui.hpp"
#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

// ImGui lines for output pixel `focus` of p (tiled_in) broken by `bug`.
void break_trace(const Conv2dParams& p, Break bug, Pixel focus);

}  // namespace tilescope
