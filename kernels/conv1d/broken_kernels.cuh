#pragma once
// Host entry point of conv1d's broken tiled kernel (issue 18, "Break it").
#include <cuda_runtime.h>

#include "kernels/common/breaks.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope::cuda {

// Launches p.strategy (tiled) with `bug` on device buffers; d_filter: the 2n + 1 weights in
// global memory. Parameters must have passed validate_conv1d_broken_run. Throws BackendError
// naming the kernel if the launch fails.
void launch_conv1d_broken(const Conv1dParams& p, Break bug, const float* d_in, float* d_out, const float* d_filter,
                          cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
