// What would take matmul `fast` (128 x 128 tiles, 8 x 8 outputs per thread, FFMA only) from ~77% to
// 90% of cuBLAS sgemm? Variants of its structure timed beside cuBLAS (FP32, default math: no TF32)
// in one process, CUDA events, median of 15:
//   nvcc -std=c++17 -O3 -I. -arch=sm_90 bench/studies/matmul_fast_variants.cu -lcublas -o mv && ./mv
// Variant axes: the depth of a phase (BK 8 or 16), how a warp's 32 threads cover the tile (2 x 16
// threads, the kernel's today, or 4 x 8: one shared-memory wavefront per fragment load), and the
// minimum blocks per SM in the launch bounds.
#include <cublas_v2.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "bench/studies/study_timing.cuh"
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

struct Run {
  int rows, inner, cols;
  float *M, *N, *P, *Ref;
  cudaEvent_t a, b;
};

template <int BK, bool kW, int kMin>
void variant(const Run& r, const char* name, float cublas_ms) {
  const dim3 grid((r.cols + T - 1) / T, (r.rows + T - 1) / T);
  const bool vec = r.inner % 4 == 0 && r.cols % 4 == 0;
  const auto t = time_runs(15, r.a, r.b, [&] {
    if (vec)
      mm<BK, kW, kMin, true><<<grid, 256>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
    else
      mm<BK, kW, kMin, false><<<grid, 256>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
  });
  CK(cudaGetLastError());
  std::vector<float> p(std::size_t(r.rows) * r.cols), q(p.size());
  CK(cudaMemcpy(p.data(), r.P, p.size() * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(q.data(), r.Ref, q.size() * 4, cudaMemcpyDeviceToHost));
  double err = 0;
  for (std::size_t i = 0; i < p.size(); ++i) err = std::fmax(err, std::fabs(p[i] - q[i]));
  const float ms = t[t.size() / 2];
  std::printf("%dx%dx%d %-28s %8.4f ms  %5.1f%% of cuBLAS  %6.1f TFLOP/s  max|diff| %.1e\n", r.rows, r.inner, r.cols,
              name, ms, 100 * cublas_ms / ms, 2.0 * r.rows * r.inner * r.cols / ms / 1e9, err);
}

int main(int argc, char** argv) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_DEFAULT_MATH);
  for (int s : {4096, 4097, 2048, 8192}) {
    if (argc > 1 && s != std::atoi(argv[1])) continue;
    Run r{s, s, s};
    const std::size_t n = std::size_t(s) * s;
    CK(cudaMalloc(&r.M, n * 4));
    CK(cudaMalloc(&r.N, n * 4));
    CK(cudaMalloc(&r.P, n * 4));
    CK(cudaMalloc(&r.Ref, n * 4));
    std::vector<float> host(n);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1, 1);
    for (float& x : host) x = u(rng);
    CK(cudaMemcpy(r.M, host.data(), n * 4, cudaMemcpyHostToDevice));
    for (float& x : host) x = u(rng);
    CK(cudaMemcpy(r.N, host.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaEventCreate(&r.a));
    CK(cudaEventCreate(&r.b));
    const float one = 1, zero = 0;
    const auto t = time_runs(15, r.a, r.b, [&] {
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s, s, s, &one, r.N, s, r.M, s, &zero, r.Ref, s);
    });
    const float cublas_ms = t[t.size() / 2];
    std::printf("%dx%dx%d %-28s %8.4f ms  %6.1f TFLOP/s\n", s, s, s, "cuBLAS", cublas_ms,
                2.0 * n * s / cublas_ms / 1e9);
    variant<8, false, 1>(r, "BK8 2x16 (today's)", cublas_ms);
    variant<8, true, 1>(r, "BK8 4x8", cublas_ms);
    variant<16, false, 1>(r, "BK16 2x16", cublas_ms);
    variant<16, true, 1>(r, "BK16 4x8", cublas_ms);
    variant<16, true, 2>(r, "BK16 4x8 min2", cublas_ms);
    variant<8, true, 2>(r, "BK8 4x8 min2", cublas_ms);
    cudaFree(r.M), cudaFree(r.N), cudaFree(r.P), cudaFree(r.Ref);
  }
}
