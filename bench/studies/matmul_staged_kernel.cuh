#pragma once
// fast's structure, the baseline of the matmul studies (matmul_fast_variants.cu,
// matmul_pipeline_variants.cu, matmul_fragment_prefetch.cu), and its variants: a TM x 128 tile of P,
// threads of OM x 8 outputs, tiles staged through registers into double-buffered shared memory (M
// transposed), one barrier a phase. fast was TM 128, 256 threads, 8 x 8 outputs, BK 8 until
// matmul_cutlass_shape.cu's pipeline replaced it (2026-11-27).
#include "bench/studies/matmul_study_run.cuh"
#include "kernels/matmul/float4_io.cuh"

using tilescope::cuda::store_float4;

// Four consecutive elements of a row-major matrix at (r, c .. c + 3): one 16-byte load when
// kVec (the row length is a multiple of 4, so it is aligned) and all four exist, else element by
// element with zeros outside the matrix.
template <bool kVec>
__device__ __forceinline__ float4 load_float4(const float* __restrict__ A, int r, int c, int height, int width) {
  if (kVec && r < height && c < width) return __ldg(reinterpret_cast<const float4*>(A + std::size_t(r) * width + c));
  float v[4];
#pragma unroll
  for (int q = 0; q < 4; ++q) v[q] = r < height && c + q < width ? A[std::size_t(r) * width + c + q] : 0.0f;
  return make_float4(v[0], v[1], v[2], v[3]);
}

constexpr int T = 128;  // fast's tile of P, and the tile's width in every variant

// Which rows and columns of the tile a thread owns: rows row0 + (i / 4) * rstride + i % 4 and columns
// col0 + (j / 4) * cstride + j % 4.
enum class Layout {
  k2x16,      // fast's: ty = tid / 16, tx = tid % 16, rows 4 ty + groups TM / (OM / 4) apart, columns 4 tx + 0 or 64
  k4x8,       // the same rows and columns, a warp 4 ty x 8 tx (one wavefront per fragment load)
  kWarp64x64  // cuBLAS's at 4096^3: warps of 64 x 64 (4 x 2 of them), lanes 4 rows x 8 columns
};

template <int TM, int kThreads, Layout L>
struct Owned {
  static constexpr int OM = TM * T / kThreads / 8;  // rows of outputs a thread owns (8 columns)
  int row0, rstride, col0, cstride;
  __device__ explicit Owned(int tid) {
    const int w = tid / 32, lane = tid % 32;
    if (L == Layout::kWarp64x64) {
      row0 = (w / 2) * 64 + lane / 8 * 4, rstride = 16, col0 = (w % 2) * 64 + lane % 8 * 4, cstride = 32;
      return;
    }
    const int ty = L == Layout::k4x8 ? (w / 2) * 4 + lane / 8 : tid / 16;
    const int tx = L == Layout::k4x8 ? (w % 2) * 8 + lane % 8 : tid % 16;
    row0 = ty * 4, rstride = TM / (OM / 4), col0 = tx * 4, cstride = 64;
  }
  __device__ int row(int i) const { return row0 + (i / 4) * rstride + i % 4; }
  __device__ int col(int j) const { return col0 + (j / 4) * cstride + j % 4; }
};

// kPrefetch: the fragments of k-step k + 1 load while k's FFMAs issue (two sets of registers); the
// barrier then sits before the phase's last k-step, whose FFMAs cover the next phase's first loads.
template <int TM, int BK, int kThreads, int kMinBlocks, Layout L, bool kPrefetch, bool kVec>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    mm(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P, int rows, int inner, int cols) {
  constexpr int LM = TM * BK / 4 / kThreads, LN = T * BK / 4 / kThreads;  // float4s a thread loads a phase
  constexpr int OM = Owned<TM, kThreads, L>::OM;
  __shared__ __align__(16) float Ms[2][BK][TM];  // transposed: Ms[k][row]
  __shared__ __align__(16) float Ns[2][BK][T];
  const int tid = threadIdx.x;
  const Owned<TM, kThreads, L> own(tid);
  const int row0 = blockIdx.y * TM, col0 = blockIdx.x * T;
  float4 m[LM], n[LN];
  auto fetch = [&](int ph) {
#pragma unroll
    for (int l = 0; l < LM; ++l) {
      const int id = tid + kThreads * l;
      m[l] = load_float4<kVec>(M, row0 + id / (BK / 4), ph * BK + id % (BK / 4) * 4, rows, inner);
    }
#pragma unroll
    for (int l = 0; l < LN; ++l) {
      const int id = tid + kThreads * l;
      n[l] = load_float4<kVec>(N, ph * BK + id / (T / 4), col0 + id % (T / 4) * 4, inner, cols);
    }
  };
  auto stash = [&](int buf) {
#pragma unroll
    for (int l = 0; l < LM; ++l) {
      const int id = tid + kThreads * l, r = id / (BK / 4), k = id % (BK / 4) * 4;
      Ms[buf][k][r] = m[l].x, Ms[buf][k + 1][r] = m[l].y, Ms[buf][k + 2][r] = m[l].z, Ms[buf][k + 3][r] = m[l].w;
    }
#pragma unroll
    for (int l = 0; l < LN; ++l) {
      const int id = tid + kThreads * l;
      *reinterpret_cast<float4*>(&Ns[buf][id / (T / 4)][id % (T / 4) * 4]) = n[l];
    }
  };
  float a[kPrefetch ? 2 : 1][OM], b[kPrefetch ? 2 : 1][8];
  auto fragments = [&](int buf, int k, float* fa, float* fb) {
#pragma unroll
    for (int s = 0; s < OM / 4; ++s)
      *reinterpret_cast<float4*>(fa + 4 * s) = *reinterpret_cast<const float4*>(&Ms[buf][k][own.row(4 * s)]);
#pragma unroll
    for (int h = 0; h < 2; ++h)
      *reinterpret_cast<float4*>(fb + 4 * h) = *reinterpret_cast<const float4*>(&Ns[buf][k][own.col(4 * h)]);
  };
  float acc[OM][8] = {};
  fetch(0);
  stash(0);
  __syncthreads();
  if (kPrefetch) fragments(0, 0, a[0], b[0]);
  const int phases = (inner + BK - 1) / BK;
  for (int ph = 0; ph < phases; ++ph) {
    const int buf = ph & 1;
    const bool more = ph + 1 < phases;
    if (more) fetch(ph + 1);
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const int f = kPrefetch ? k & 1 : 0;
      if (!kPrefetch) {
        fragments(buf, k, a[0], b[0]);
      } else if (k + 1 < BK) {
        fragments(buf, k + 1, a[(k + 1) & 1], b[(k + 1) & 1]);
      } else if (more) {
        stash(buf ^ 1);  // buf ^ 1 was last read in phase ph - 1, before that phase's barrier
        __syncthreads();
        fragments(buf ^ 1, 0, a[0], b[0]);
      }
#pragma unroll
      for (int i = 0; i < OM; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[f][i], b[f][j], acc[i][j]);
    }
    if (!kPrefetch) {
      if (more) stash(buf ^ 1);  // the other buffer was last read in phase ph - 1, before its barrier
      __syncthreads();
    }
  }
#pragma unroll
  for (int i = 0; i < OM; ++i) {
    const int row = row0 + own.row(i);
    if (row >= rows) continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) store_float4<kVec>(P, row, col0 + own.col(4 * h), cols, acc[i] + 4 * h);
  }
}

// Times the kernel on r (float4 rows where r's sizes allow) as the row `name`.
template <int TM, int BK, int kThreads, int kMinBlocks, Layout L, bool kPrefetch>
void time_tiles(const Run& r, const char* name, float cublas_ms) {
  const dim3 grid((r.cols + T - 1) / T, (r.rows + TM - 1) / TM);
  const bool vec = r.inner % 4 == 0 && r.cols % 4 == 0;
  const void* fn = vec ? reinterpret_cast<const void*>(mm<TM, BK, kThreads, kMinBlocks, L, kPrefetch, true>)
                       : reinterpret_cast<const void*>(mm<TM, BK, kThreads, kMinBlocks, L, kPrefetch, false>);
  measure(
      r, name, cublas_ms, fn, 0,
      [&] {
        if (vec)
          mm<TM, BK, kThreads, kMinBlocks, L, kPrefetch, true>
              <<<grid, kThreads>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
        else
          mm<TM, BK, kThreads, kMinBlocks, L, kPrefetch, false>
              <<<grid, kThreads>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
      },
      kThreads);
}

// fast's structure: 128 x 128 tile, 256 threads of 8 x 8 outputs.
template <int BK, bool kWarp4x8, int kMinBlocks>
void time_staged(const Run& r, const char* name, float cublas_ms) {
  time_tiles<T, BK, 256, kMinBlocks, kWarp4x8 ? Layout::k4x8 : Layout::k2x16, false>(r, name, cublas_ms);
}
