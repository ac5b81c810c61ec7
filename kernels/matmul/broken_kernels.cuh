#pragma once
// Host entry point of matmul's broken tiled kernel (issue 18, "Break it").
#include <cuda_runtime.h>

#include "kernels/matmul/broken_block.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope::cuda {

// Launches p.strategy (tiled) with `bug` on device matrices. Parameters must have passed
// validate_launch and break_problem. Throws BackendError naming the kernel if the launch fails.
void launch_matmul_broken(const MatmulParams& p, Break bug, const float* d_M, const float* d_N, float* d_P,
                          cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
