// Which difference makes tilescope's conv2d direct kernel (basic / const_mem) slower than the book's
// Fig 7.7 / 7.9 at 32 x 32 blocks and r = 2, 3, 5? Variants of ours, each one change, timed beside the
// book's transcription in one process (CUDA events, median of 30, 8192^2).
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>
#include "bench/yardstick/conv2d_book.cuh"
__constant__ float c_filter[17 * 17];
#define TAP                                                                        \
  {                                                                                \
    const int y = row - R + fy, x = col - R + fx;                                  \
    if (x >= 0 && x < width && y >= 0 && y < height)                               \
      sum += (kConst ? c_filter[fy * D + fx] : F[fy * D + fx]) * N[y * width + x]; \
  }
#define UNROLLED _Pragma("unroll") for (int fy = 0; fy < D; ++fy) _Pragma("unroll") for (int fx = 0; fx < D; ++fx) TAP
#define ROLLED                   \
  for (int fy = 0; fy < D; ++fy) \
    for (int fx = 0; fx < D; ++fx) TAP
// One thread per output of a T-wide block, the taps as LOOPS (UNROLLED or ROLLED).
#define BODY(T, LOOPS)                                                                  \
  constexpr int D = 2 * R + 1;                                                          \
  const int col = blockIdx.x * (T) + threadIdx.x, row = blockIdx.y * (T) + threadIdx.y; \
  if (col >= width || row >= height) return;                                            \
  float sum = 0.0f;                                                                     \
  LOOPS                                                                                 \
  P[row * width + col] = sum;
template <int R, bool kConst>
__global__ void __launch_bounds__(1024)
    v0(const float* __restrict__ N, const float* __restrict__ F, float* __restrict__ P, int width, int height) {
  BODY(32, UNROLLED)
}
template <int R, bool kConst>
__global__ void __launch_bounds__(1024) v_norestrict(const float* N, const float* F, float* P, int width, int height) {
  BODY(32, UNROLLED)
}
template <int R, bool kConst>
__global__ void __launch_bounds__(1024)
    v_nounroll(const float* __restrict__ N, const float* __restrict__ F, float* __restrict__ P, int width, int height) {
  BODY(32, ROLLED)
}
template <int R, bool kConst>
__global__ void v_plain(const float* N, const float* F, float* P, int width, int height) {
  BODY(32, ROLLED)
}
template <int R, bool kConst>
__global__ void v_nobounds(const float* __restrict__ N, const float* __restrict__ F, float* __restrict__ P, int width,
                           int height) {
  BODY(32, UNROLLED)
}
// The book's loop body with the block's origin at run time, as the figure has it (blockDim), or from
// a kernel argument (how tilescope's geometry passes a tile it does not fold), with ours' qualifiers.
template <int R, bool kConst>
__global__ void __launch_bounds__(1024)
    v_blockdim(const float* __restrict__ N, const float* __restrict__ F, float* __restrict__ P, int width, int height) {
  BODY(blockDim.x, ROLLED)
}
template <int R, bool kConst>
__global__ void __launch_bounds__(1024) v_argtile(const float* __restrict__ N, const float* __restrict__ F,
                                                  float* __restrict__ P, int width, int height, int tile) {
  BODY(tile, ROLLED)
}
template <int R, bool kConst>
__global__ void __launch_bounds__(1024) v_argtile_unroll(const float* __restrict__ N, const float* __restrict__ F,
                                                         float* __restrict__ P, int width, int height, int tile) {
  BODY(tile, UNROLLED)
}

template <class K>
float time_ms(K launch) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> t;
  launch();
  for (int i = 0; i < 30; ++i) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
template <int R, bool kConst>
void run(float* N, float* F, float* P, int w, int h) {
  dim3 block(32, 32), grid((w + 31) / 32, (h + 31) / 32);
  const float book =
      time_ms([&] { tilescope::yardstick::convolution_2D_basic_kernel<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float a = time_ms([&] { v0<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float b = time_ms([&] { v_norestrict<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float c = time_ms([&] { v_nounroll<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float d = time_ms([&] { v_plain<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float e = time_ms([&] { v_nobounds<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float f = time_ms([&] { v_blockdim<R, kConst><<<grid, block>>>(N, F, P, w, h); });
  const float g = time_ms([&] { v_argtile<R, kConst><<<grid, block>>>(N, F, P, w, h, 32); });
  const float u = time_ms([&] { v_argtile_unroll<R, kConst><<<grid, block>>>(N, F, P, w, h, 32); });
  std::printf(
      "%-9s r=%d book %.4f | ours x%.2f  no-restrict x%.2f  no-unroll x%.2f  plain x%.2f  no-launch-bounds x%.2f"
      "  blockDim x%.2f  tile-arg x%.2f  tile-arg+unroll x%.2f\n",
      kConst ? "const_mem" : "basic", R, book, a / book, b / book, c / book, d / book, e / book, f / book, g / book,
      u / book);
}
int main() {
  const int w = 8192, h = 8192;
  float *N, *F, *P;
  cudaMalloc(&N, sizeof(float) * w * h);
  cudaMalloc(&P, sizeof(float) * w * h);
  cudaMalloc(&F, sizeof(float) * 17 * 17);
  cudaMemset(N, 0, sizeof(float) * w * h);
  cudaMemset(F, 0, sizeof(float) * 17 * 17);
  run<1, false>(N, F, P, w, h);
  run<2, false>(N, F, P, w, h);
  run<3, false>(N, F, P, w, h);
  run<5, false>(N, F, P, w, h);
  run<7, false>(N, F, P, w, h);
  run<1, true>(N, F, P, w, h);
  run<2, true>(N, F, P, w, h);
  run<3, true>(N, F, P, w, h);
  run<5, true>(N, F, P, w, h);
  run<7, true>(N, F, P, w, h);
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
