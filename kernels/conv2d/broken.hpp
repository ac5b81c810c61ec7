#pragma once
// Break it (issue 18): which conv2d strategies take which bug (kernels/common/breaks.hpp), and the
// CPU emulation of a broken block (the same code as the CUDA kernel: broken_block.hpp).
#include <optional>
#include <string>

#include "kernels/common/breaks.hpp"
#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

// Why `strategy` cannot run `bug` (one line), or nothing when it can.
std::optional<std::string> break_problem(Conv2dStrategy strategy, Break bug);

// p.strategy (tiled_in) with `bug`, block by block on the CPU: out = what the broken kernel
// writes. Throws InvalidInput where break_problem says why.
void conv2d_broken_cpu(const Conv2dParams& p, Break bug, const Filter2d& f, const float* in, float* out);

}  // namespace tilescope
