#include "kernels/common/cuda_check.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/broken_kernels.cuh"
#include "kernels/matmul/model.hpp"

namespace tilescope::cuda {
namespace {

// PMPP Fig 5.13 with a bug (broken_block.hpp): load, barrier, multiply-add, barrier, phase by
// phase, as the CPU emulation runs them. Both barriers stay even for no_barrier, whose race
// broken_read emulates, so every run gives the same damage.
__global__ void matmul_broken_tiled_kernel(const float* __restrict__ M, const float* __restrict__ N,
                                           float* __restrict__ P, BrokenMatmulLaunch k) {
  extern __shared__ float s[];  // Mds[T][T], then Nds[T][T]
  float *Mds = s, *Nds = s + k.g.tile_rows * k.g.tile_cols;
  const int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  float Pvalue = 0.0f;
  for (int ph = 0; ph < k.g.phases(k.inner); ++ph) {
    Mds[ty * k.g.tile_cols + tx] = broken_load(k, MatmulTile::M, M, bx, by, ph, tx, ty);
    Nds[ty * k.g.tile_cols + tx] = broken_load(k, MatmulTile::N, N, bx, by, ph, tx, ty);
    __syncthreads();
    Pvalue = broken_phase(k, Mds, Nds, bx, by, ph, tx, ty, Pvalue);
    __syncthreads();
  }
  const int row = k.g.row_of(by, ty), col = k.g.col_of(bx, tx);
  if (row < k.rows && col < k.cols) P[row * k.cols + col] = Pvalue;
}

}  // namespace

void launch_matmul_broken(const MatmulParams& p, Break bug, const float* d_M, const float* d_N, float* d_P,
                          cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);  // Mds and Nds: l.shared_bytes
  matmul_broken_tiled_kernel<<<dim3(l.grid.x, l.grid.y), dim3(l.block.x, l.block.y), l.shared_bytes, stream>>>(
      d_M, d_N, d_P, broken_launch(p, bug));
  check_launch("matmul_broken_tiled_kernel");
}

}  // namespace tilescope::cuda
