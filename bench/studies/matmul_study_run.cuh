#pragma once
// What the matmul studies share: the operands of one size, cuBLAS's P as the reference and its time.
#include <cublas_v2.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "bench/studies/study_timing.cuh"

struct Run {
  int rows, inner, cols;
  float *M, *N, *P, *Ref;
  cudaEvent_t a, b;
};

// For each size (squares 4096, 4097, 2048, 8192; only argv[1]'s when given: a square's side, or a
// comma-separated list of ROWSxINNERxCOLS): M and N uniform in [-1, 1], cuBLAS sgemm (FP32, default
// math: no TF32) into Ref, timed (median of 15) and printed; then variants(run, cuBLAS ms).
template <typename Variants>
void for_each_size(int argc, char** argv, Variants&& variants) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_DEFAULT_MATH);
  std::vector<std::array<int, 3>> sizes;
  if (argc > 1 && std::strchr(argv[1], 'x')) {
    for (const char* c = argv[1]; *c;) {
      std::array<int, 3> s{};
      char* end;
      for (int& d : s) d = int(std::strtol(c, &end, 10)), c = *end ? end + 1 : end;
      sizes.push_back(s);
    }
  } else {
    for (int s : {4096, 4097, 2048, 8192})
      if (argc < 2 || s == std::atoi(argv[1])) sizes.push_back({s, s, s});
  }
  for (const auto& size : sizes) {
    const int rows = size[0], inner = size[1], cols = size[2];
    Run r{rows, inner, cols};
    const std::size_t nm = std::size_t(rows) * inner, nn = std::size_t(inner) * cols, np = std::size_t(rows) * cols;
    CK(cudaMalloc(&r.M, nm * 4));
    CK(cudaMalloc(&r.N, nn * 4));
    CK(cudaMalloc(&r.P, np * 4));
    CK(cudaMalloc(&r.Ref, np * 4));
    std::vector<float> host(std::max(nm, nn));
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1, 1);
    for (float& x : host) x = u(rng);
    CK(cudaMemcpy(r.M, host.data(), nm * 4, cudaMemcpyHostToDevice));
    for (float& x : host) x = u(rng);
    CK(cudaMemcpy(r.N, host.data(), nn * 4, cudaMemcpyHostToDevice));
    CK(cudaEventCreate(&r.a));
    CK(cudaEventCreate(&r.b));
    const float one = 1, zero = 0;
    const auto t = time_runs(15, r.a, r.b, [&] {  // column-major P^T = N^T M^T
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, cols, rows, inner, &one, r.N, cols, r.M, inner, &zero, r.Ref, cols);
    });
    const float cublas_ms = t[t.size() / 2];
    std::printf("%dx%dx%d %-30s %8.4f ms  %6.1f TFLOP/s\n", rows, inner, cols, "cuBLAS", cublas_ms,
                2.0 * rows * inner * cols / cublas_ms / 1e9);
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
