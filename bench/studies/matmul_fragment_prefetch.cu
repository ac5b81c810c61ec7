// What bounds matmul `fast` against cuBLAS sgemm (FP32, default math: no TF32), and does cuBLAS's
// own shape, written in CUDA C, reach 90%? Three families beside cuBLAS and fast's structure, in one
// process, CUDA events, median of 15 (results: 2026-11-26-matmul-fast.md):
// - prefetch: fast's structure with register double-buffered fragments (k + 1's load while k's 64
//   FFMAs issue; the barrier moves before the phase's last k-step, still one a phase), BK 8 or 16,
//   minimum 1 or 2 blocks per SM;
// - wide: cuBLAS's shape at 4096^3, a 256 x 128 tile of P, 256 threads of 16 x 8 outputs;
// - tall: 16 x 8 outputs on fast's square 128 x 128 tile, 128 threads, 2 blocks per SM.
//   nvcc -std=c++17 -O3 -I. -arch=sm_90 bench/studies/matmul_fragment_prefetch.cu -lcublas -o mf && ./mf 4096
// `./mf 4096 NAME` times only the variants whose name contains NAME (for ncu: -k regex:mm -c 1).
#include <cstring>

#include "bench/studies/matmul_staged_kernel.cuh"

int main(int argc, char** argv) {
  const char* only = argc > 2 ? argv[2] : "";
  auto want = [&](const char* name) { return std::strstr(name, only) != nullptr; };
  constexpr Layout k4x8 = Layout::k4x8, k2x16 = Layout::k2x16, kWarp = Layout::kWarp64x64;
  for_each_size(argc, argv, [&](const Run& r, float cublas_ms) {
    if (want("staged BK8 2x16")) time_staged<8, false, 1>(r, "staged BK8 2x16 (fast's)", cublas_ms);
    if (want("staged BK8 4x8 min2")) time_staged<8, true, 2>(r, "staged BK8 4x8 min2", cublas_ms);
    if (want("prefetch BK8 min2")) time_tiles<T, 8, 256, 2, k4x8, true>(r, "prefetch BK8 min2", cublas_ms);
    if (want("prefetch BK8 min1")) time_tiles<T, 8, 256, 1, k4x8, true>(r, "prefetch BK8 min1", cublas_ms);
    if (want("prefetch BK16 min2")) time_tiles<T, 16, 256, 2, k4x8, true>(r, "prefetch BK16 min2", cublas_ms);
    if (want("prefetch BK16 min1")) time_tiles<T, 16, 256, 1, k4x8, true>(r, "prefetch BK16 min1", cublas_ms);
    if (want("wide 256x128")) time_tiles<256, 8, 256, 1, kWarp, false>(r, "wide 256x128", cublas_ms);
    if (want("wide 256x128 prefetch")) time_tiles<256, 8, 256, 1, kWarp, true>(r, "wide 256x128 prefetch", cublas_ms);
    if (want("tall 2x16")) time_tiles<T, 8, 128, 2, k2x16, false>(r, "tall 2x16", cublas_ms);
    if (want("tall 2x16 prefetch")) time_tiles<T, 8, 128, 2, k2x16, true>(r, "tall 2x16 prefetch", cublas_ms);
    if (want("tall 4x8")) time_tiles<T, 8, 128, 2, k4x8, false>(r, "tall 4x8", cublas_ms);
    if (want("tall 4x8 prefetch")) time_tiles<T, 8, 128, 2, k4x8, true>(r, "tall 4x8 prefetch", cublas_ms);
  });
}
