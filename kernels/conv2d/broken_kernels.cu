#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/broken_kernels.cuh"
#include "kernels/conv2d/model.hpp"

namespace tilescope::cuda {
namespace {

// PMPP Fig 7.12 with a bug (broken_block.hpp): load, barrier, compute, as the CPU emulation runs
// them. The barrier stays even for no_barrier, whose race broken_read emulates, so every run
// gives the same damage and reads only slots the block owns.
__global__ void conv2d_broken_tiled_in_kernel(const float* __restrict__ N, const float* __restrict__ F,
                                              float* __restrict__ P, BrokenLaunch k, int pass) {
  extern __shared__ float N_s[];
  const int S = k.gx.shared_dim(), tx = threadIdx.x, ty = threadIdx.y;
  N_s[ty * S + tx] = broken_load(k, N, blockIdx.x, blockIdx.y, tx, ty);
  __syncthreads();
  const BrokenStore s = broken_store(k, N_s, F, pass, blockIdx.x, blockIdx.y, tx, ty);
  if (s.stores) P[s.y * k.width + s.x] = s.value;
}

}  // namespace

void launch_conv2d_broken(const Conv2dParams& p, Break bug, const float* d_in, float* d_out, const float* d_filter,
                          cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);
  const BrokenLaunch k{tiling_of(p, 0), tiling_of(p, 1), p.width, p.height, bug};
  for (int pass = 0; pass < broken_passes(bug); ++pass) {
    conv2d_broken_tiled_in_kernel<<<dim3(l.grid.x, l.grid.y), dim3(l.block.x, l.block.y), l.shared_bytes, stream>>>(
        d_in, d_filter, d_out, k, pass);
    check_launch("conv2d_broken_tiled_in_kernel");
  }
}

}  // namespace tilescope::cuda
