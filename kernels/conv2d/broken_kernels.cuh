#pragma once
// Host entry point of conv2d's broken tiled_in kernel (issue 18, "Break it").
#include <cuda_runtime.h>

#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope::cuda {

// Launches p.strategy (tiled_in) with `bug` on device buffers; d_filter: the (2r+1)^2 weights in
// global memory. Parameters must have passed validate_launch and break_problem. Throws
// BackendError naming the kernel if the launch fails.
void launch_conv2d_broken(const Conv2dParams& p, Break bug, const float* d_in, float* d_out, const float* d_filter,
                          cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
