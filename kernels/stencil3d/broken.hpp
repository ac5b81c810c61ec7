#pragma once
// Break it (issue 18): which stencil3d strategies take which bug (kernels/common/breaks.hpp), and
// the CPU emulation of a broken block (the same code as the CUDA kernel: broken_block.hpp).
#include <optional>
#include <string>

#include "kernels/common/breaks.hpp"
#include "kernels/stencil3d/broken_block.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// Why `strategy` cannot run `bug` (one line), or nothing when it can.
std::optional<std::string> break_problem(Stencil3dStrategy strategy, Break bug);

// The launch p (tiled) runs with `bug`.
inline BrokenLaunch3d broken_launch(const Stencil3dParams& p, Break bug) {
  return {tiling_of(p).axis(0), p.width, p.height, p.depth, bug};
}

// p.strategy (tiled) with `bug`, block by block on the CPU: out = what the broken kernel writes.
// Throws InvalidInput where break_problem says why.
void stencil3d_broken_cpu(const Stencil3dParams& p, Break bug, const StencilCoeffs& c, const float* in, float* out);

}  // namespace tilescope
