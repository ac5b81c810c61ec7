#pragma once
// Host entry points of the conv1d CUDA kernels (PMPP 3rd ed. 7.2-7.5) and the fast one beyond it.
#include <cuda_runtime.h>

#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope::cuda {

// Copies the weights into the __constant__ filter that all but basic read.
void upload_conv1d_constant_filter(const Filter1d& f);

// Launches p.strategy on device buffers (d_filter: the weights in global memory, read by
// basic). Parameters must have passed validate_launch. Throws BackendError naming the kernel
// if the launch fails.
void launch_conv1d(const Conv1dParams& p, const float* d_in, float* d_out, const float* d_filter,
                   cudaStream_t stream = nullptr);

}  // namespace tilescope::cuda
