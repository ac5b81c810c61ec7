// stencil3d `fast` at widths that are not a multiple of 4: which cells should a thread own?
// fast gives each thread VX consecutive cells of a row (a float4 at VX = 4), so odd widths fall back
// to VX = 1 (until fast padded its rows to a float4), which ran 511x509x503 at 65% of the copy against
// 93% at 512^3 (H100). Variants of its structure (z queue in registers, x neighbours by shuffles,
// y neighbours loaded, no shared memory) with each thread owning VX cells along x and VY along y,
// timed beside a copy of the same bytes in one process (CUDA events, median of 20):
//   nvcc -std=c++17 -O3 -I. -arch=sm_90 bench/studies/stencil3d_odd_width.cu -o so && ./so
// Every variant's output is compared with VX = VY = 1's (the same sums in the same order: equal).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench/studies/study_timing.cuh"
#include "kernels/stencil3d/cells.cuh"

using tilescope::cuda::load_cells;
using tilescope::cuda::store_cells;

constexpr int kWarp = 32, kRows = 8, kChunk = 18;  // fast's block (32 x 8 threads) and z chunk
__constant__ float c_w[1 + 3 * 7];                 // centre, then per axis offsets -3..3

template <int K>
__device__ __forceinline__ float wt(int a, int o) {
  return c_w[1 + a * 7 + 3 + o];
}
__device__ __forceinline__ bool inner(int p, int n, int k) { return p >= k && p < n - k; }

__host__ __device__ constexpr int lane_shift(int d, int v) { return d >= 0 ? d / v : -((v - 1 - d) / v); }

// Thread (lane, row) of block b owns cells x0 .. x0 + VX - 1 of rows y0 .. y0 + VY - 1 and marches
// kChunk planes of z (2K of them lead-in). VX = 4, VY = 1 is fast's kernel at widths % 4 == 0;
// VX = 1, VY = 1 its kernel at odd widths.
template <int K, int VX, int VY>
__global__ void __launch_bounds__(kWarp* kRows)
    fast(const float* __restrict__ in, float* __restrict__ out, int width, int height, int depth) {
  const int lane = threadIdx.x;
  const int x0 = (blockIdx.x * kWarp + lane) * VX, y0 = (blockIdx.y * kRows + threadIdx.y) * VY;
  const int z0 = blockIdx.z * (kChunk - 2 * K) - K;
  const std::size_t plane = std::size_t(width) * height;
  const bool xin = x0 < width;
  bool rows_in[VY];
#pragma unroll
  for (int j = 0; j < VY; ++j) rows_in[j] = xin && y0 + j < height;
  const float* col = in + std::size_t(y0) * width + x0;
  float q[2 * K + 1][VY][VX];
  auto load_plane = [&](int z, float(&dst)[VY][VX]) {
#pragma unroll
    for (int j = 0; j < VY; ++j) {
      if (rows_in[j] && z >= 0 && z < depth)
        load_cells<VX>(col + std::size_t(z) * plane + std::size_t(j) * width, dst[j]);
      else
#pragma unroll
        for (int i = 0; i < VX; ++i) dst[j][i] = 0.0f;
    }
  };
#pragma unroll
  for (int t = 0; t < 2 * K; ++t) load_plane(z0 + t, q[t]);
  for (int t = 2 * K; t < kChunk; ++t) {
    const int z = z0 + t, zc = z - K;
    if (zc >= depth) break;
    load_plane(z, q[2 * K]);
    const std::size_t at = std::size_t(zc) * plane;
    float res[VY][VX];
#pragma unroll
    for (int j = 0; j < VY; ++j)
#pragma unroll
      for (int i = 0; i < VX; ++i) res[j][i] = q[K][j][i];
    if (inner(zc, depth, K)) {  // block-uniform: the shuffles need every lane
      float left[VY][K], right[VY][K];
#pragma unroll
      for (int j = 0; j < VY; ++j)
#pragma unroll
        for (int o = 1; o <= K; ++o) {
          const int dl = -o, dr = VX - 1 + o;
          const int sl = lane_shift(dl, VX), sr = lane_shift(dr, VX);
          left[j][o - 1] = __shfl_sync(0xffffffffu, q[K][j][dl - sl * VX], lane + sl);
          right[j][o - 1] = __shfl_sync(0xffffffffu, q[K][j][dr - sr * VX], lane + sr);
          const std::size_t row = at + std::size_t(j) * width;
          if (lane + sl < 0) left[j][o - 1] = rows_in[j] && x0 + dl >= 0 ? __ldg(col + row + dl) : 0.0f;
          if (lane + sr >= kWarp) right[j][o - 1] = rows_in[j] && x0 + dr < width ? __ldg(col + row + dr) : 0.0f;
        }
      float below[K][VX], above[K][VX];  // rows y0 - o and y0 + VY - 1 + o
#pragma unroll
      for (int o = 1; o <= K; ++o) {
        const bool b = xin && y0 - o >= 0 && y0 - o < height, a = xin && y0 + VY - 1 + o < height;
        if (b) load_cells<VX>(col + at - std::size_t(o) * width, below[o - 1]);
        if (a) load_cells<VX>(col + at + std::size_t(VY - 1 + o) * width, above[o - 1]);
      }
#pragma unroll
      for (int j = 0; j < VY; ++j) {
        if (!rows_in[j] || !inner(y0 + j, height, K)) continue;
#pragma unroll
        for (int i = 0; i < VX; ++i) {
          if (!inner(x0 + i, width, K)) continue;
          auto cell = [&](int axis, int o) {
            if (axis == 2 || o == 0) return q[K + o][j][i];
            if (axis == 1) {
              const int y = j + o;
              return y < 0 ? below[-y - 1][i] : y >= VY ? above[y - VY][i] : q[K][y][i];
            }
            if (o < 0) return i + o >= 0 ? q[K][j][i + o] : left[j][-o - i - 1];
            return i + o < VX ? q[K][j][i + o] : right[j][i + o - VX];
          };
          float s = c_w[0] * cell(0, 0);
#pragma unroll
          for (int o = 1; o <= K; ++o)
            s += wt<K>(0, -o) * cell(0, -o) + wt<K>(0, o) * cell(0, o) + wt<K>(1, -o) * cell(1, -o) +
                 wt<K>(1, o) * cell(1, o) + wt<K>(2, -o) * cell(2, -o) + wt<K>(2, o) * cell(2, o);
          res[j][i] = s;
        }
      }
    }
#pragma unroll
    for (int j = 0; j < VY; ++j)
      if (rows_in[j]) store_cells<VX>(out + std::size_t(y0 + j) * width + x0 + at, res[j]);
#pragma unroll
    for (int s = 0; s < 2 * K; ++s)
#pragma unroll
      for (int j = 0; j < VY; ++j)
#pragma unroll
        for (int i = 0; i < VX; ++i) q[s][j][i] = q[s + 1][j][i];
  }
}

template <int K, int VX, int VY>
void launch(const float* in, float* out, int w, int h, int d) {
  const dim3 block(kWarp, kRows);
  const dim3 grid((w + kWarp * VX - 1) / (kWarp * VX), (h + kRows * VY - 1) / (kRows * VY),
                  (d + kChunk - 2 * K - 1) / (kChunk - 2 * K));
  fast<K, VX, VY><<<grid, block>>>(in, out, w, h, d);
}

struct Variant {
  const char* name;
  int vx;
  void (*run)(const float*, float*, int, int, int);
};

template <int K>
void study(int w, int h, int d, int reps) {
  const std::size_t n = std::size_t(w) * h * d;
  std::vector<float> host(n), ref(n), got(n);
  float* in = upload_random(host);
  float* out;
  CK(cudaMalloc(&out, n * 4));
  const StudyEvents ev;
  const float copy =
      time_runs(reps, ev.start, ev.stop, [&] { cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice); })[reps / 2];
  const Variant variants[] = {{"VX 1 x VY 1 (fast at odd widths)", 1, launch<K, 1, 1>},
                              {"VX 4 x VY 1 (fast, aligned widths)", 4, launch<K, 4, 1>},
                              {"VX 2 x VY 1", 2, launch<K, 2, 1>},
                              {"VX 1 x VY 2", 1, launch<K, 1, 2>},
                              {"VX 1 x VY 4", 1, launch<K, 1, 4>},
                              {"VX 2 x VY 2", 2, launch<K, 2, 2>}};
  bool first = true;
  for (const Variant& v : variants) {
    if (w % v.vx != 0) continue;
    CK(cudaMemset(out, 0, n * 4));
    const float ms = time_runs(reps, ev.start, ev.stop, [&] { v.run(in, out, w, h, d); })[reps / 2];
    CK(cudaGetLastError());
    CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
    if (first) ref = got;
    std::size_t diff = 0;
    for (std::size_t i = 0; i < n; ++i) diff += got[i] != ref[i];
    std::printf("%dx%dx%d K=%d  %-36s %8.4f ms  %5.1f%% copy  %zu cells differ\n", w, h, d, K, v.name, ms,
                100.0 * copy / ms, diff);
    first = false;
  }
  CK(cudaFree(in));
  CK(cudaFree(out));
}

// Arguments W H D K: that size and order only (for ncu).
int main(int argc, char** argv) {
  float w[1 + 3 * 7] = {0.4f};
  for (int i = 1; i < 1 + 3 * 7; ++i) w[i] = 0.01f * i;
  CK(cudaMemcpyToSymbol(c_w, w, sizeof(w)));
  if (argc == 5) {
    const int x = std::atoi(argv[1]), y = std::atoi(argv[2]), z = std::atoi(argv[3]), k = std::atoi(argv[4]);
    k == 1 ? study<1>(x, y, z, 3) : k == 2 ? study<2>(x, y, z, 3) : study<3>(x, y, z, 3);
    return 0;
  }
  const int sizes[][3] = {{512, 512, 512}, {511, 509, 503}, {513, 512, 512}, {1001, 257, 300}, {255, 1023, 255}};
  for (const auto& s : sizes) {
    study<1>(s[0], s[1], s[2], 20);
    study<2>(s[0], s[1], s[2], 20);
    study<3>(s[0], s[1], s[2], 20);
  }
}
