#include <array>
#include <utility>

#include "kernels/common/copy_async.cuh"
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

// Beyond PMPP (register tiling, with the warp tile of cuBLAS's FP32 kernel): a block of BN threads
// computes a 128 x BN tile of P (BN 128 or 256), each of its warps a 64 x 64 part, each thread 16 x 8
// elements in registers (geometry.hpp: fast_row / fast_col) from an outer product per k of 16 values of
// M's column and 8 of N's row, read as float4s from shared memory. The tiles are copied global -> shared
// by cp.async, fast_stages() - 1 phases in flight, M transposed on the way in (Ms[k][row]); the
// fragments of k-step k + 1 are read while k's 128 FFMAs issue, and the phase's one barrier sits
// before its last k-step. kVec: rows of N and P are whole float4s (matmul_fast_float4_rows), so N's
// rows copy 16 bytes at a time. kSplit, split-K (gridDim.z slices): block z runs its slice of the
// phases and adds its partial tile into P, which launch_matmul zeroes first, by atomicAdd (a template
// parameter, so that the kernel without it keeps its registers and speed).
template <int BN, bool kVec, bool kSplit>
__global__ void __launch_bounds__(BN, kMatmulFastThreadsPerSm / BN)
    matmul_fast_kernel(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P, int rows,
                       int inner, int cols) {
  constexpr MatmulTiling g{kMatmulFastTileRows, BN, kMatmulFastDepth};
  constexpr int D = kMatmulFastDepth, S = g.fast_stages(), kThreads = g.fast_threads();
  constexpr int OM = kMatmulFastOutputRows, ON = kMatmulFastOutputCols;
  constexpr int MS = kMatmulFastTileRows + kMatmulFastPad, kStage = D * MS + D * BN;  // floats of Ms[D][MS], Ns[D][BN]
  constexpr int kCopiesM = kMatmulFastTileRows * D / kThreads, kCopiesN = BN * D / 4 / kThreads;
  static_assert(BN % kMatmulFastWarpTile == 0 && kThreads % 32 == 0, "whole warp tiles, whole warps");
  static_assert(kCopiesM * kThreads == kMatmulFastTileRows * D && kCopiesN * 4 * kThreads == BN * D,
                "each cell of a phase's tiles copied once");
  static_assert(S * kStage * sizeof(float) <= 48 * 1024, "a static shared allocation");
  __shared__ __align__(16) float smem[S * kStage];
  const int t = threadIdx.x, row0 = g.row_of(blockIdx.y, 0), col0 = g.col_of(blockIdx.x, 0);
  const int mk = g.fast_m_k(t), nk = kVec ? g.fast_n_k(t, 0) : g.fast_n_k_element(0);
  const int nc = kVec ? g.fast_n_col(t) : g.fast_n_col_element(t);
  const bool col_ok = col0 + nc < cols;
  // This thread's first copies of phase 0; a phase moves them D columns of M and D rows of N on.
  const float* const Mt = M + std::size_t(row0 + g.fast_m_row(t, 0)) * inner + mk;
  const float* const Nt = N + std::size_t(nk) * cols + col0 + nc;
  auto copy = [&](int stage, int ph) {
    float* Ms = smem + stage * kStage;
    float* Ns = Ms + D * MS;
    const int k0 = g.phase_k(ph, 0);
    const float* m = Mt + k0;
#pragma unroll
    for (int c = 0; c < kCopiesM; ++c, m += std::size_t(g.fast_m_row(0, 1)) * inner) {
      const int r = g.fast_m_row(t, c);
      const bool ok = row0 + r < rows && k0 + mk < inner;
      copy_async<1>(&Ms[mk * MS + r], ok ? m : M, ok);
    }
    const float* n = Nt + std::size_t(k0) * cols;
    if (kVec) {
#pragma unroll
      for (int c = 0; c < kCopiesN; ++c, n += std::size_t(g.fast_n_k(0, 1)) * cols) {
        const int k = g.fast_n_k(t, c);
        const bool ok = k0 + k < inner && col_ok;
        copy_async<4>(&Ns[k * BN + nc], ok ? n : N, ok);
      }
    } else {
#pragma unroll
      for (int c = 0; c < D; ++c, n += std::size_t(g.fast_n_k_element(1)) * cols) {
        const int k = g.fast_n_k_element(c);
        const bool ok = k0 + k < inner && col_ok;
        copy_async<1>(&Ns[k * BN + nc], ok ? n : N, ok);
      }
    }
  };
  float a[2][OM], b[2][ON];  // k-step k's fragments in set k % 2
  auto fragments = [&](int stage, int k, float* fa, float* fb) {
    const float* Ms = smem + stage * kStage;
    const float* Ns = Ms + D * MS;
#pragma unroll
    for (int i = 0; i < OM; i += 4)
      *reinterpret_cast<float4*>(fa + i) = *reinterpret_cast<const float4*>(&Ms[k * MS + g.fast_row(0, t, i)]);
#pragma unroll
    for (int j = 0; j < ON; j += 4)
      *reinterpret_cast<float4*>(fb + j) = *reinterpret_cast<const float4*>(&Ns[k * BN + g.fast_col(0, t, j)]);
  };
  float acc[OM][ON] = {};
  int first = 0, phases = g.phases(inner);
  if (kSplit) {
    MatmulTiling slicing = g;
    slicing.slices = int(gridDim.z);
    first = slicing.slice_first(blockIdx.z, inner), phases = slicing.slice_end(blockIdx.z, inner) - first;
  }
#pragma unroll
  for (int s = 0; s < S - 1; ++s) {
    if (s < phases) copy(s, first + s);
    copy_async_commit();
  }
  copy_async_wait_prior<S - 2>();
  __syncthreads();
  fragments(0, 0, a[0], b[0]);
  int stage = 0, fill = S - 1;  // the stages phase ph reads and phase ph + S - 1 is copied into
  for (int ph = 0; ph < phases; ++ph) {
    // Stage fill, (ph - 1) mod S, was last read before phase ph - 1's barrier.
    if (ph + S - 1 < phases) copy(fill, first + ph + S - 1);
    copy_async_commit();  // one group a phase, empty or not, so that the waits count phases
    const int next = stage + 1 == S ? 0 : stage + 1;
#pragma unroll
    for (int k = 0; k < D; ++k) {
      if (k + 1 < D) {
        fragments(stage, k + 1, a[(k + 1) % 2], b[(k + 1) % 2]);
      } else {
        copy_async_wait_prior<S - 2>();  // this thread's copies of phase ph + 1 have landed
        __syncthreads();                 // everyone's have, and nobody reads this stage again
        fragments(next, 0, a[0], b[0]);
      }
#pragma unroll
      for (int i = 0; i < OM; ++i)
#pragma unroll
        for (int j = 0; j < ON; ++j) acc[i][j] = fmaf(a[k % 2][i], b[k % 2][j], acc[i][j]);
    }
    stage = next;
    fill = fill + 1 == S ? 0 : fill + 1;
  }
#pragma unroll
  for (int i = 0; i < OM; ++i) {
    const int row = g.fast_row(blockIdx.y, t, i);
    if (row >= rows) continue;
#pragma unroll
    for (int j = 0; j < ON; j += 4) {
      const int col = g.fast_col(blockIdx.x, t, j);
      if (!kSplit) {
        store_float4<kVec>(P, row, col, cols, acc[i] + j);
        continue;
      }
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (col + q < cols) atomicAdd(P + std::size_t(row) * cols + col + q, acc[i][j + q]);
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
    using Kernel = void (*)(const float*, const float*, float*, int, int, int);
    // [wide][float4 rows][split-K]
    constexpr Kernel kKernels[2][2][2] = {
        {{matmul_fast_kernel<kMatmulFastNarrowTile, false, false>,
          matmul_fast_kernel<kMatmulFastNarrowTile, false, true>},
         {matmul_fast_kernel<kMatmulFastNarrowTile, true, false>,
          matmul_fast_kernel<kMatmulFastNarrowTile, true, true>}},
        {{matmul_fast_kernel<kMatmulFastWideTile, false, false>, matmul_fast_kernel<kMatmulFastWideTile, false, true>},
         {matmul_fast_kernel<kMatmulFastWideTile, true, false>, matmul_fast_kernel<kMatmulFastWideTile, true, true>}}};
    const Kernel kernel = kKernels[p.tile == kMatmulFastWideTile][matmul_fast_float4_rows(p)][p.slices > 1];
    if (p.slices > 1)  // split-K adds into P
      check(cudaMemsetAsync(d_P, 0, std::size_t(p.rows) * p.cols * sizeof(float), stream), "cudaMemsetAsync");
    kernel<<<dim3(grid.x, grid.y, p.slices), block, 0, stream>>>(d_M, d_N, d_P, p.rows, p.inner, p.cols);
    return check_launch("matmul_fast_kernel");
  }
  kLaunchTiledByTile[p.tile - kMinMatmulTile](grid, block, d_M, d_N, d_P, p.rows, p.inner, p.cols, g, stream);
  check_launch("matmul_tiled_kernel");
}

}  // namespace tilescope::cuda
