#include "kernels/common/cuda_check.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/broken_kernels.cuh"
#include "kernels/stencil3d/model.hpp"

namespace tilescope::cuda {
namespace {

// PMPP Fig 8.8 with a bug (broken_block.hpp): load, barrier, compute, as the CPU emulation runs
// them. The barrier stays even for no_barrier, whose race broken_read emulates, so every run
// gives the same damage and reads only slots the block owns.
__global__ void __launch_bounds__(1024)
    stencil_broken_tiled_kernel(const float* __restrict__ in, float* __restrict__ out, BrokenLaunch3d k,
                                StencilCoeffs c, int pass) {
  extern __shared__ float in_s[];  // [T][T][T]
  const Int3 b{int(blockIdx.x), int(blockIdx.y), int(blockIdx.z)};
  const Int3 t{int(threadIdx.x), int(threadIdx.y), int(threadIdx.z)};
  in_s[slot_index(k.a, t)] = broken_load(k, in, b, t);
  __syncthreads();
  const BrokenStore3d s = broken_store(k, in_s, c, pass, b, t);
  if (s.stores) out[s.i] = s.value;
}

}  // namespace

void launch_stencil3d_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c, const float* d_in,
                             float* d_out, cudaStream_t stream) {
  const Stencil3dLaunch l = launch_geometry(p);
  const BrokenLaunch3d k = broken_launch(p, bug);
  for (int pass = 0; pass < broken_passes(bug); ++pass) {
    stencil_broken_tiled_kernel<<<dim3(l.grid.x, l.grid.y, l.grid.z), dim3(l.block.x, l.block.y, l.block.z),
                                  l.shared_bytes, stream>>>(d_in, d_out, k, c, pass);
    check_launch("stencil_broken_tiled_kernel");
  }
}

}  // namespace tilescope::cuda
