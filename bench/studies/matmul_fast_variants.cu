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

#include "bench/studies/matmul_staged_kernel.cuh"
#include "bench/studies/matmul_study_run.cuh"
#include "bench/studies/study_timing.cuh"

int main(int argc, char** argv) {
  for_each_size(argc, argv, [](const Run& r, float cublas_ms) {
    time_staged<8, false, 1>(r, "BK8 2x16 (today's)", cublas_ms);
    time_staged<8, true, 1>(r, "BK8 4x8", cublas_ms);
    time_staged<16, false, 1>(r, "BK16 2x16", cublas_ms);
    time_staged<16, true, 1>(r, "BK16 4x8", cublas_ms);
    time_staged<16, true, 2>(r, "BK16 4x8 min2", cublas_ms);
    time_staged<8, true, 2>(r, "BK8 4x8 min2", cublas_ms);
  });
}
