#pragma once
// Break it (issue 18): conv2d's deliberately wrong variants by name, which strategies take them,
// and the CPU emulation of a broken block (the same code as the CUDA kernel: broken_block.hpp).
#include <optional>
#include <string>
#include <string_view>

#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

struct Conv2dBreakInfo {
  Conv2dBreak bug;
  std::string_view name;
  std::string_view what;  // one line for --help, the legend and apply's report
};

// Every bug but none, in the order of issue 18.
const Conv2dBreakInfo* conv2d_breaks(int& count);
const Conv2dBreakInfo& break_info(Conv2dBreak bug);
// "no_halo, no_ghost_zero, ..." for help texts and messages.
const std::string& break_names();
// Throws InvalidInput naming the bugs there are.
Conv2dBreak parse_break(std::string_view name);
// Why `strategy` cannot run `bug` (one line), or nothing when it can.
std::optional<std::string> break_problem(Conv2dStrategy strategy, Conv2dBreak bug);

// p.strategy (tiled_in) with `bug`, block by block on the CPU: out = what the broken kernel
// writes. Throws InvalidInput where break_problem says why.
void conv2d_broken_cpu(const Conv2dParams& p, Conv2dBreak bug, const Filter2d& f, const float* in, float* out);

}  // namespace tilescope
