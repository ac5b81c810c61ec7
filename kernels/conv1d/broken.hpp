#pragma once
// Break it (issue 18): which conv1d strategies take which bug (kernels/common/breaks.hpp), and the
// CPU emulation of a broken block (the same code as the CUDA kernel: broken_block.hpp).
#include <optional>
#include <string>

#include "kernels/common/breaks.hpp"
#include "kernels/conv1d/broken_block.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

// Why `strategy` cannot run `bug` (one line), or nothing when it can.
std::optional<std::string> break_problem(Conv1dStrategy strategy, Break bug);

// p.strategy (tiled) with `bug`, block by block on the CPU: out = what the broken kernel writes.
// Throws InvalidInput where break_problem says why.
void conv1d_broken_cpu(const Conv1dParams& p, Break bug, const Filter1d& f, const float* in, float* out);

}  // namespace tilescope
