#pragma once
// Break it: the inspector's trace of one output of a broken conv1d tiled kernel to the thread, tap
// and shared slot that went wrong (kernels/conv1d/broken_block.hpp's slot_fault).
#include "kernels/common/breaks.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

// ImGui lines for output element i of p (tiled) broken by `bug`.
void break_trace(const Conv1dParams& p, Break bug, int i);

}  // namespace tilescope
