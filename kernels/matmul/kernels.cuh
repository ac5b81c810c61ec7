#pragma once
// Host entry points of the matmul CUDA kernels (PMPP Fig 3.11, Fig 5.9 / 5.13).
#include <cuda_runtime.h>

#include "kernels/matmul/params.hpp"

namespace tilescope::cuda {

// Launches p.strategy: d_P = d_M d_N (row-major). Parameters must have passed validate_launch.
// Throws BackendError naming the kernel if the launch fails.
void launch_matmul(const MatmulParams& p, const float* d_M, const float* d_N, float* d_P,
                   cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
