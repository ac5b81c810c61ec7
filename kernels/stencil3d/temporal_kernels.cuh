#pragma once
// Host entry points of the temporal strategy's kernel (temporal_kernels.cu): S steps fused in one launch.
#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/stencil3d/params.hpp"

namespace tilescope::cuda {

// Fills the temporal kernel's __constant__ coefficients (upload_stencil_coeffs calls it).
void upload_temporal_weights(const float* weights, std::size_t bytes);

// d_out = `fused` steps of p's stencil applied to d_in (dense grids), one launch; 1 <= fused <=
// temporal_max_fused(p.order). Throws BackendError naming the kernel if the launch fails.
void launch_stencil3d_temporal(const Stencil3dParams& p, int fused, const float* d_in, float* d_out,
                               cudaStream_t stream = nullptr);

// Blocks of p's first pass that fit on one SM at once.
int temporal_blocks_per_sm(const Stencil3dParams& p);

}  // namespace tilescope::cuda
