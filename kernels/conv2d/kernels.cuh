#pragma once
// Host entry points of the conv2d CUDA kernels (PMPP chapter 7).
#include <cuda_runtime.h>

#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope::cuda {

// Copies the weights into the __constant__ filter the const_mem and tiled kernels read.
void upload_constant_filter(const Filter2d& f);

// Launches p.strategy on device buffers (d_filter: the weights in global memory, read by
// basic), whose rows are conv2d_row_pitch(p.strategy, p.width) floats apart (geometry.hpp):
// fast, separable and sliding run on rows padded to a float4, zeros in the padding. Parameters must have passed
// validate_launch. Throws BackendError naming the kernel if the launch fails.
void launch_conv2d(const Conv2dParams& p, const float* d_in, float* d_out, const float* d_filter,
                   cudaStream_t stream = nullptr);

// Blocks of p's kernel that fit on one SM at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
int max_active_blocks_per_sm(const Conv2dParams& p);

}  // namespace tilescope::cuda
