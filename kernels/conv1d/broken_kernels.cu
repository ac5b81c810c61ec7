#include "kernels/common/cuda_check.hpp"
#include "kernels/conv1d/broken_block.hpp"
#include "kernels/conv1d/broken_kernels.cuh"
#include "kernels/conv1d/model.hpp"

namespace tilescope::cuda {
namespace {

// PMPP 3rd ed. 7.4 with a bug (broken_block.hpp): each thread loads its own slot and, for the
// last and first n threads, a halo slot; barrier; compute, as the CPU emulation runs them. The
// barrier stays even for no_barrier, whose race broken_read emulates, so every run gives the same
// damage and reads only slots the block owns.
__global__ void conv1d_broken_tiled_kernel(const float* __restrict__ N, const float* __restrict__ F,
                                           float* __restrict__ P, BrokenLaunch1d k) {
  extern __shared__ float N_s[];
  const int t = threadIdx.x, b = blockIdx.x;
  const int slots[] = {k.g.left_halo_slot(t), k.g.own_slot(t), k.g.right_halo_slot(t)};
  for (const int slot : slots)
    if (slot >= 0) N_s[slot] = broken_load(k, N, b, slot);
  __syncthreads();
  float value = 0.0f;
  if (broken_store(k, N_s, F, b, t, value)) P[k.g.out_coord(b, t)] = value;
}

}  // namespace

void launch_conv1d_broken(const Conv1dParams& p, Break bug, const float* d_in, float* d_out, const float* d_filter,
                          cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);
  const BrokenLaunch1d k{tiling_of(p), p.length, bug};
  conv1d_broken_tiled_kernel<<<dim3(l.grid.x), dim3(l.block.x), l.shared_bytes, stream>>>(d_in, d_filter, d_out, k);
  check_launch("conv1d_broken_tiled_kernel");
}

}  // namespace tilescope::cuda
