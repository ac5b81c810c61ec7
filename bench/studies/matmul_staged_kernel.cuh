#pragma once
// fast's structure, the baseline of the matmul studies (matmul_fast_variants.cu,
// matmul_pipeline_variants.cu): a 128 x 128 tile of P, 256 threads of 8 x 8 outputs, tiles staged
// through registers into double-buffered shared memory (M transposed), one barrier a phase.
#include "bench/studies/matmul_study_run.cuh"
#include "kernels/matmul/float4_io.cuh"

using tilescope::cuda::load_float4;
using tilescope::cuda::store_float4;

constexpr int T = 128;  // the block's tile of P

template <int BK, bool kWarp4x8, int kMinBlocks, bool kVec>
__global__ void __launch_bounds__(256, kMinBlocks)
    mm(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P, int rows, int inner, int cols) {
  constexpr int L = T * BK / 4 / 256;  // float4s of M (and of N) each thread loads per phase
  __shared__ __align__(16) float Ms[2][BK][T];
  __shared__ __align__(16) float Ns[2][BK][T];
  const int tid = threadIdx.x;
  int tx, ty;
  if (kWarp4x8) {
    const int w = tid / 32, lane = tid % 32;
    ty = (w / 2) * 4 + lane / 8, tx = (w % 2) * 8 + lane % 8;
  } else {
    tx = tid % 16, ty = tid / 16;
  }
  const int row0 = blockIdx.y * T, col0 = blockIdx.x * T;
  float4 m[L], n[L];
  auto fetch = [&](int ph) {
#pragma unroll
    for (int l = 0; l < L; ++l) {
      const int id = tid + 256 * l;
      m[l] = load_float4<kVec>(M, row0 + id / (BK / 4), ph * BK + id % (BK / 4) * 4, rows, inner);
      n[l] = load_float4<kVec>(N, ph * BK + id / (T / 4), col0 + id % (T / 4) * 4, inner, cols);
    }
  };
  auto stash = [&](int buf) {
#pragma unroll
    for (int l = 0; l < L; ++l) {
      const int id = tid + 256 * l, r = id / (BK / 4), k = id % (BK / 4) * 4;
      Ms[buf][k][r] = m[l].x, Ms[buf][k + 1][r] = m[l].y, Ms[buf][k + 2][r] = m[l].z, Ms[buf][k + 3][r] = m[l].w;
      *reinterpret_cast<float4*>(&Ns[buf][id / (T / 4)][id % (T / 4) * 4]) = n[l];
    }
  };
  float acc[8][8] = {};
  fetch(0);
  stash(0);
  __syncthreads();
  const int phases = (inner + BK - 1) / BK;
  for (int ph = 0; ph < phases; ++ph) {
    const int buf = ph & 1;
    if (ph + 1 < phases) fetch(ph + 1);
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[8], b[8];
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        *reinterpret_cast<float4*>(a + 4 * h) = *reinterpret_cast<const float4*>(&Ms[buf][k][h * 64 + ty * 4]);
        *reinterpret_cast<float4*>(b + 4 * h) = *reinterpret_cast<const float4*>(&Ns[buf][k][h * 64 + tx * 4]);
      }
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    if (ph + 1 < phases) stash(buf ^ 1);
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = row0 + (i / 4) * 64 + ty * 4 + i % 4;
    if (row >= rows) continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int col = col0 + h * 64 + tx * 4;
      store_float4<kVec>(P, row, col, cols, acc[i] + 4 * h);
    }
  }
}

// Times the staged kernel on r (float4 rows where r's sizes allow) as the row `name`.
template <int BK, bool kWarp4x8, int kMinBlocks>
void time_staged(const Run& r, const char* name, float cublas_ms) {
  const dim3 grid((r.cols + T - 1) / T, (r.rows + T - 1) / T);
  const bool vec = r.inner % 4 == 0 && r.cols % 4 == 0;
  const void* fn = vec ? reinterpret_cast<const void*>(mm<BK, kWarp4x8, kMinBlocks, true>)
                       : reinterpret_cast<const void*>(mm<BK, kWarp4x8, kMinBlocks, false>);
  measure(r, name, cublas_ms, fn, 0, [&] {
    if (vec)
      mm<BK, kWarp4x8, kMinBlocks, true><<<grid, 256>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
    else
      mm<BK, kWarp4x8, kMinBlocks, false><<<grid, 256>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
  });
}
