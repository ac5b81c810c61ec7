#include <array>
#include <utility>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/matmul_kernels.cuh"
#include "kernels/launch_geometry.hpp"
#include "kernels/matmul_geometry.hpp"
#include "kernels/matmul_launch.hpp"

namespace tilescope::cuda {
namespace {

// PMPP Fig 3.11: one thread per P element, walking a row of M and a column of N in global
// memory; two 4-byte loads per multiply-add (0.25 OP/B).
__global__ void matmul_naive_kernel(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P,
                                    int rows, int inner, int cols, MatmulTiling g) {
  const int row = g.row_of(blockIdx.y, threadIdx.y), col = g.col_of(blockIdx.x, threadIdx.x);
  if (row >= rows || col >= cols) return;
  float Pvalue = 0.0f;
  for (int k = 0; k < inner; ++k) Pvalue += M[row * inner + k] * N[k * cols + col];
  P[row * cols + col] = Pvalue;
}

// PMPP Fig 5.13 (Fig 5.9 with boundary checks): phase by phase, each thread loads one element
// of M into Mds and one of N into Nds (zero outside the matrices); every loaded element then
// serves TILE multiply-adds from shared memory.
template <int TILE>
__global__ void __launch_bounds__(TILE * TILE)
    matmul_tiled_kernel(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P, int rows,
                        int inner, int cols, MatmulTiling g) {
  __shared__ float Mds[TILE][TILE];
  __shared__ float Nds[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = g.row_of(blockIdx.y, ty), col = g.col_of(blockIdx.x, tx);
  float Pvalue = 0.0f;
  for (int ph = 0; ph < g.phases(inner); ++ph) {
    const int m_k = g.phase_k(ph, tx), n_k = g.phase_k(ph, ty);
    Mds[ty][tx] = row < rows && m_k < inner ? M[row * inner + m_k] : 0.0f;
    Nds[ty][tx] = n_k < inner && col < cols ? N[n_k * cols + col] : 0.0f;
    __syncthreads();  // read-after-write: every Mds/Nds element is written before anyone reads it
#pragma unroll
    for (int k = 0; k < TILE; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();  // write-after-read: everyone has read this phase's tiles before they are overwritten
  }
  if (row < rows && col < cols) P[row * cols + col] = Pvalue;
}

template <int TILE>
void launch_tiled(const dim3& grid, const dim3& block, const float* d_M, const float* d_N, float* d_P, int rows,
                  int inner, int cols, MatmulTiling g, cudaStream_t stream) {
  matmul_tiled_kernel<TILE><<<grid, block, 0, stream>>>(d_M, d_N, d_P, rows, inner, cols, g);
}

using LaunchTiledFn = void (*)(const dim3&, const dim3&, const float*, const float*, float*, int, int, int,
                               MatmulTiling, cudaStream_t);

// TILE_WIDTH is a compile-time constant, as in the book, so the inner loop unrolls: one
// instantiation per tile from kMinMatmulTile to kMaxMatmulTile.
template <int... I>
constexpr auto make_tiled_table(std::integer_sequence<int, I...>) {
  return std::array<LaunchTiledFn, sizeof...(I)>{launch_tiled<kMinMatmulTile + I>...};
}
constexpr auto kLaunchTiledByTile =
    make_tiled_table(std::make_integer_sequence<int, kMaxMatmulTile - kMinMatmulTile + 1>{});

}  // namespace

void launch_matmul(const MatmulParams& p, const float* d_M, const float* d_N, float* d_P, cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);
  const MatmulTiling g = tiling_of(p);
  const dim3 grid(l.grid.x, l.grid.y), block(l.block.x, l.block.y);
  if (p.strategy == MatmulStrategy::naive) {
    matmul_naive_kernel<<<grid, block, 0, stream>>>(d_M, d_N, d_P, p.rows, p.inner, p.cols, g);
    return check_launch("matmul_naive_kernel");
  }
  kLaunchTiledByTile[p.tile - kMinMatmulTile](grid, block, d_M, d_N, d_P, p.rows, p.inner, p.cols, g, stream);
  check_launch("matmul_tiled_kernel");
}

}  // namespace tilescope::cuda
