#pragma once
// Host entry points of the stencil3d CUDA kernels (PMPP chapter 8).
#include <cuda_runtime.h>

#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/heat_sources.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope::cuda {

// Copies the coefficients into the __constant__ memory every stencil kernel reads.
void upload_stencil_coeffs(const StencilCoeffs& c);

// Launches p.strategy: d_out = one step of the stencil applied to d_in (temporal: its first pass's
// fused steps, temporal_pass_steps; the engine runs p.steps as launches), both grids laid out as
// stencil_layout(p.strategy, p.width, p.height, p.depth) says. Parameters must have passed
// validate_launch. Throws BackendError naming the kernel if the launch fails.
void launch_stencil3d(const Stencil3dParams& p, const float* d_in, float* d_out, cudaStream_t stream = nullptr);

// Sets the cells the sources cover to their temperature (the grid laid out as `layout` says).
void launch_inject_heat(const HeatSources& s, float* d_grid, int width, int height, int depth,
                        const StencilGridLayout& layout);

// Blocks of p's kernel that fit on one SM at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
int max_active_blocks_per_sm(const Stencil3dParams& p);

}  // namespace tilescope::cuda
