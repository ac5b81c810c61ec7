#pragma once
// Host entry point of stencil3d's broken tiled kernel (issue 18, "Break it").
#include <cuda_runtime.h>

#include "kernels/stencil3d/broken_block.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope::cuda {

// Launches p.strategy (tiled) with `bug` on device buffers; the coefficients travel as a kernel
// parameter. Parameters must have passed validate_launch and break_problem. Throws BackendError
// naming the kernel if the launch fails.
void launch_stencil3d_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c, const float* d_in,
                             float* d_out, cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
