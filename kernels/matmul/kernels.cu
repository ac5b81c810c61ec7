#include <array>
#include <utility>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/matmul/float4_io.cuh"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/kernels.cuh"
#include "kernels/matmul/model.hpp"

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
__global__ void __launch_bounds__(TILE* TILE)
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

// Beyond PMPP (register tiling): each thread accumulates 8 x 8 P elements in registers from an
// outer product per k of 8 values of M (read from the transposed Ms) and 8 of N, with float4
// shared loads; the next phase's tiles are fetched while this one computes (double buffering).
template <bool kVec>
__global__ void __launch_bounds__(kMatmulFastThreadsPerAxis* kMatmulFastThreadsPerAxis)
    matmul_fast_kernel(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P, int rows,
                       int inner, int cols, MatmulTiling g_run) {
  constexpr int T = kMatmulFastTile, D = kMatmulFastDepth, O = kMatmulFastOutputsPerAxis;
  // Without float4 rows (kVec false) the tiling is folded to compile-time constants: from the
  // argument, the element-wise edge loads' index arithmetic ran 4097^3 at 4.21 ms, folded 3.66 ms
  // (H200, same run). With float4 rows folding cost 2% (3.42 -> 3.50 ms at 4096^3), so not there.
  const MatmulTiling g = kVec ? g_run : MatmulTiling{T, D};
  __shared__ __align__(16) float Ms[2][D][T];  // transposed: Ms[k][row]
  __shared__ __align__(16) float Ns[2][D][T];
  const int tx = threadIdx.x, ty = threadIdx.y, id = ty * kMatmulFastThreadsPerAxis + tx;
  const int row0 = g.out_index(blockIdx.y, 0, 0), col0 = g.out_index(blockIdx.x, 0, 0);
  auto fetch = [&](int ph, float4& m, float4& n) {
    m = load_float4<kVec>(M, row0 + g.m_row(id), g.phase_k(ph, g.m_k(id)), rows, inner);
    n = load_float4<kVec>(N, g.phase_k(ph, g.n_k(id)), col0 + g.n_col(id), inner, cols);
  };
  auto stash = [&](int buf, const float4& m, const float4& n) {
    const int r = g.m_row(id), k = g.m_k(id);
    Ms[buf][k][r] = m.x, Ms[buf][k + 1][r] = m.y, Ms[buf][k + 2][r] = m.z, Ms[buf][k + 3][r] = m.w;
    *reinterpret_cast<float4*>(&Ns[buf][g.n_k(id)][g.n_col(id)]) = n;
  };
  float acc[O][O] = {};
  float4 m, n;
  fetch(0, m, n);
  stash(0, m, n);
  __syncthreads();
  const int phases = g.phases(inner);
  for (int ph = 0; ph < phases; ++ph) {
    const int buf = ph & 1;
    if (ph + 1 < phases) fetch(ph + 1, m, n);  // in flight while this phase computes
#pragma unroll
    for (int k = 0; k < D; ++k) {
      float a[O], b[O];  // this thread's rows of M's column k, columns of N's row k
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        *reinterpret_cast<float4*>(a + 4 * h) =
            *reinterpret_cast<const float4*>(&Ms[buf][k][g.out_index(0, ty, 4 * h)]);
        *reinterpret_cast<float4*>(b + 4 * h) =
            *reinterpret_cast<const float4*>(&Ns[buf][k][g.out_index(0, tx, 4 * h)]);
      }
#pragma unroll
      for (int i = 0; i < O; ++i)
#pragma unroll
        for (int j = 0; j < O; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    // The other buffer was last read in phase ph - 1, before that phase's barrier.
    if (ph + 1 < phases) stash(buf ^ 1, m, n);
    __syncthreads();  // the next buffer is written before anyone reads it
  }
#pragma unroll
  for (int i = 0; i < O; ++i) {
    const int row = g.out_index(blockIdx.y, ty, i);
    if (row >= rows) continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int col = g.out_index(blockIdx.x, tx, 4 * h);
      store_float4<kVec>(P, row, col, cols, acc[i] + 4 * h);
    }
  }
}

}  // namespace

void launch_matmul(const MatmulParams& p, const float* d_M, const float* d_N, float* d_P, cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);
  const MatmulTiling g = tiling_of(p);
  const dim3 grid(l.grid.x, l.grid.y), block(l.block.x, l.block.y);
  if (p.strategy == MatmulStrategy::naive) {
    matmul_naive_kernel<<<grid, block, 0, stream>>>(d_M, d_N, d_P, p.rows, p.inner, p.cols, g);
    return check_launch("matmul_naive_kernel");
  }
  if (p.strategy == MatmulStrategy::fast) {
    // float4 global accesses need rows of M and N that are whole float4s (and cudaMalloc's alignment).
    if (p.inner % 4 == 0 && p.cols % 4 == 0)
      matmul_fast_kernel<true><<<grid, block, 0, stream>>>(d_M, d_N, d_P, p.rows, p.inner, p.cols, g);
    else
      matmul_fast_kernel<false><<<grid, block, 0, stream>>>(d_M, d_N, d_P, p.rows, p.inner, p.cols, g);
    return check_launch("matmul_fast_kernel");
  }
  kLaunchTiledByTile[p.tile - kMinMatmulTile](grid, block, d_M, d_N, d_P, p.rows, p.inner, p.cols, g, stream);
  check_launch("matmul_tiled_kernel");
}

}  // namespace tilescope::cuda
