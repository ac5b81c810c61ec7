#pragma once
// What the matmul studies share: the operands of one size, cuBLAS's P as the reference and its time.
#include <cublas_v2.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bench/studies/study_timing.cuh"

struct Run {
  int rows, inner, cols;
  float *M, *N, *P, *Ref;
  cudaEvent_t a, b;
};

// For each square size (4096, 4097, 2048, 8192; only argv[1]'s when given): M and N uniform in
// [-1, 1], cuBLAS sgemm (FP32, default math: no TF32) into Ref, timed (median of 15) and printed;
// then variants(run, cuBLAS ms).
template <typename Variants>
void for_each_size(int argc, char** argv, Variants&& variants) {
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
    std::printf("%dx%dx%d %-30s %8.4f ms  %6.1f TFLOP/s\n", s, s, s, "cuBLAS", cublas_ms,
                2.0 * n * s / cublas_ms / 1e9);
    variants(r, cublas_ms);
    cudaFree(r.M), cudaFree(r.N), cudaFree(r.P), cudaFree(r.Ref);
  }
}

// Times `launch` (a run of the kernel fn with smem bytes of dynamic shared memory, `threads` threads a
// block), compares its P with cuBLAS's and prints the row: ms, % of cuBLAS, the largest difference,
// registers and resident blocks per SM.
template <typename Launch>
void measure(const Run& r, const char* name, float cublas_ms, const void* fn, int smem, Launch&& launch,
             int threads = 256) {
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, fn));
  int blocks = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, threads, smem));
  const auto t = time_runs(15, r.a, r.b, launch);
  CK(cudaGetLastError());
  std::vector<float> p(std::size_t(r.rows) * r.cols), q(p.size());
  CK(cudaMemcpy(p.data(), r.P, p.size() * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(q.data(), r.Ref, q.size() * 4, cudaMemcpyDeviceToHost));
  double err = 0;
  for (std::size_t i = 0; i < p.size(); ++i) err = std::fmax(err, std::fabs(p[i] - q[i]));
  const float ms = t[t.size() / 2];
  std::printf("%dx%dx%d %-30s %8.4f ms  %5.1f%% of cuBLAS  %6.1f TFLOP/s  max|diff| %.1e  (%d regs, %d blocks/SM)\n",
              r.rows, r.inner, r.cols, name, ms, 100 * cublas_ms / ms, 2.0 * r.rows * r.inner * r.cols / ms / 1e9, err,
              fa.numRegs, blocks);
}
