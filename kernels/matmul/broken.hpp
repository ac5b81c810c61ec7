#pragma once
// Break it (issue 18): which matmul strategies take which bug (kernels/common/breaks.hpp), and the
// CPU emulation of a broken block (the same code as the CUDA kernel: broken_block.hpp).
#include <optional>
#include <string>

#include "kernels/common/breaks.hpp"
#include "kernels/matmul/broken_block.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

// Why `strategy` cannot run `bug` (one line), or nothing when it can.
std::optional<std::string> break_problem(MatmulStrategy strategy, Break bug);

inline BrokenMatmulLaunch broken_launch(const MatmulParams& p, Break bug) {
  return {tiling_of(p), p.rows, p.inner, p.cols, bug};
}

// p.strategy (tiled) with `bug`, block by block and phase by phase on the CPU: P = what the broken
// kernel writes. Throws InvalidInput where break_problem says why.
void matmul_broken_cpu(const MatmulParams& p, Break bug, const float* M, const float* N, float* P);

}  // namespace tilescope
