// stencil3d `fast` on narrow grids whose width is not a multiple of 4: would dense rows reach the
// aligned speed? fast pads each row to a float4 (stencil_layout), so a 33-wide grid moves 36/33
// of its bytes (bench/results/2026-11-27-h100-stencil3d-narrow-bound.md). Here the grid is dense
// (rows W floats apart, planes padded to a multiple of 4 cells) and each thread owns 4 consecutive
// cells of the flattened plane, so a float4 may hold the end of one row and the start of the next:
//   - z neighbours: the register queue of fast (planes are float4-aligned);
//   - x neighbours: other lanes' registers by __shfl_sync, the lanes at a warp's edge load theirs;
//   - y neighbours, o rows away: the float4 that starts (o W) mod 4 cells before them (aligned) and
//     the cells past it from the next lane's float4 (shuffles, as many as the shift; the warp's last
//     lane loads its own). The shift is a compile-time constant per (order, W mod 4).
//     Variant "2 loads": the float4 before and the one after, no shuffles.
//     Variant "padded": rows padded to a float4 as fast's are now (no shift; the padding moves).
// A block is 256 threads: 1024 consecutive cells of a plane; blocks march z chunks of T planes.
// Timed beside a device-to-device copy of the grid's own bytes (CUDA events, median of 20); every
// output is compared with a one-thread-per-cell kernel on the same grid (same sum order).
//   nvcc -std=c++17 -O3 -I. -arch=sm_90 bench/studies/stencil3d_flat_plane.cu -o sf && ./sf W H D [K [T]]
// Results: bench/results/2026-11-27-h100-stencil3d-flat-plane.md.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench/studies/study_timing.cuh"

constexpr int kThreads = 256, kVec = 4, kWarp = 32;
__constant__ float c_w[1 + 3 * 7];  // centre, then per axis offsets -3..3

template <int K>
__device__ __forceinline__ float wt(int a, int o) {
  return c_w[1 + a * 7 + 3 + o];
}
__host__ __device__ inline bool inner(int p, int n, int k) { return p >= k && p < n - k; }
__host__ __device__ constexpr int lane_shift(int d) { return d >= 0 ? d / kVec : -((kVec - 1 - d) / kVec); }
__host__ __device__ constexpr int pmod4(int v) { return ((v % 4) + 4) % 4; }

// The star at one cell in the order every tilescope kernel sums it.
template <int K, typename Cell>
__device__ __forceinline__ float star(Cell cell) {
  float s = c_w[0] * cell(0, 0);
#pragma unroll
  for (int o = 1; o <= K; ++o)
    s += wt<K>(0, -o) * cell(0, -o) + wt<K>(0, o) * cell(0, o) + wt<K>(1, -o) * cell(1, -o) + wt<K>(1, o) * cell(1, o) +
         wt<K>(2, -o) * cell(2, -o) + wt<K>(2, o) * cell(2, o);
  return s;
}

// One thread per cell on the dense grid: the reference.
template <int K>
__global__ void reference(const float* __restrict__ in, float* __restrict__ out, int w, int pitch, int h, int d,
                          long long plane) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= w) return;
  const long long i = z * plane + 1LL * y * pitch + x;
  if (!(inner(x, w, K) && inner(y, h, K) && inner(z, d, K))) {
    out[i] = in[i];
    return;
  }
  out[i] = star<K>([&](int a, int o) { return in[i + o * (a == 0 ? 1LL : a == 1 ? 1LL * pitch : plane)]; });
}

__device__ __forceinline__ void load4(const float* p, float (&v)[4]) {
  const float4 t = __ldg(reinterpret_cast<const float4*>(p));
  v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
}

// The 4 cells at `at` (a float4-aligned flat index of this thread) + d, where d mod 4 == S; Y = 0:
// the cells past the float4 from the next lane, Y = 1: from the next float4, loaded.
template <int S, int Y>
__device__ __forceinline__ void load_shifted(const float* at, int d, int lane, float (&v)[4]) {
  float a[4];
  load4(at + d - S, a);
  if constexpr (S != 0 && Y == 1) {
    float b[4];
    load4(at + d - S + 4, b);
#pragma unroll
    for (int j = 0; j < 4; ++j) v[j] = j + S < 4 ? a[j + S] : b[j + S - 4];
  } else if constexpr (S == 0) {
#pragma unroll
    for (int j = 0; j < 4; ++j) v[j] = a[j];
  } else {
    float b[S];  // the next float4's first S cells: the next lane's a[0..S-1]
#pragma unroll
    for (int j = 0; j < S; ++j) b[j] = __shfl_down_sync(0xffffffffu, a[j], 1);
    if (lane == kWarp - 1)
#pragma unroll
      for (int j = 0; j < S; ++j) b[j] = __ldg(at + d - S + 4 + j);
#pragma unroll
    for (int j = 0; j < 4; ++j) v[j] = j + S < 4 ? a[j + S] : b[j + S - 4];
  }
}

template <int K, int M, int Y>  // M = pitch mod 4; Y: load_shifted's
__global__ void __launch_bounds__(kThreads, K == 1   ? 5
                                            : K == 2 ? 4
                                                     : 3)
    flat(const float* __restrict__ in, float* __restrict__ out, int w, int pitch, int h, int d, long long plane,
         int chunk) {
  const int lane = threadIdx.x % kWarp;
  const long long cells = 1LL * pitch * h;
  // Threads past the plane's cells store nothing but load and shuffle like the others (the grid
  // has slack past its last plane), so their neighbours' shuffles read the cells that follow.
  const long long f0 = (1LL * blockIdx.x * kThreads + threadIdx.x) * kVec;
  const bool owns = f0 < cells;
  const int z0 = blockIdx.z * (chunk - 2 * K) - K;
  // Which of the 4 cells are interior in x and y (z is per plane).
  unsigned mask = 0;
  {
    int x = int(f0 % pitch), y = int(f0 / pitch);
#pragma unroll
    for (int j = 0; j < kVec; ++j) {
      if (owns && f0 + j < cells && inner(x, w, K) && inner(y, h, K)) mask |= 1u << j;
      if (++x == pitch) x = 0, ++y;
    }
  }
  const float* col = in + f0;
  float q[2 * K + 1][kVec];
#pragma unroll
  for (int t = 0; t < 2 * K; ++t) {
    if (z0 + t >= 0 && z0 + t < d)
      load4(col + (z0 + t) * plane, q[t]);
    else
#pragma unroll
      for (int j = 0; j < kVec; ++j) q[t][j] = 0.0f;
  }
  for (int t = 2 * K; t < chunk; ++t) {
    const int z = z0 + t, zc = z - K;
    if (zc >= d) break;
    if (z < d)
      load4(col + z * plane, q[2 * K]);
    else
#pragma unroll
      for (int j = 0; j < kVec; ++j) q[2 * K][j] = 0.0f;
    float res[kVec];
#pragma unroll
    for (int j = 0; j < kVec; ++j) res[j] = q[K][j];
    if (inner(zc, d, K)) {  // block-uniform
      const float* at = col + zc * plane;
      float left[K], right[K];
#pragma unroll
      for (int o = 1; o <= K; ++o) {
        const int dl = -o, dr = kVec - 1 + o, sl = lane_shift(dl), sr = lane_shift(dr);
        left[o - 1] = __shfl_sync(0xffffffffu, q[K][dl - sl * kVec], lane + sl);
        right[o - 1] = __shfl_sync(0xffffffffu, q[K][dr - sr * kVec], lane + sr);
        if (lane + sl < 0 && f0 + dl >= 0) left[o - 1] = __ldg(at + dl);
        if (lane + sr >= kWarp) right[o - 1] = __ldg(at + dr);
      }
      float below[K][kVec], above[K][kVec];
#pragma unroll
      for (int o = 1; o <= K; ++o) {
        switch (pmod4(-o * M)) {  // compile-time after unrolling
          case 0: load_shifted<0, Y>(at, -o * pitch, lane, below[o - 1]); break;
          case 1: load_shifted<1, Y>(at, -o * pitch, lane, below[o - 1]); break;
          case 2: load_shifted<2, Y>(at, -o * pitch, lane, below[o - 1]); break;
          default: load_shifted<3, Y>(at, -o * pitch, lane, below[o - 1]); break;
        }
        switch (pmod4(o * M)) {
          case 0: load_shifted<0, Y>(at, o * pitch, lane, above[o - 1]); break;
          case 1: load_shifted<1, Y>(at, o * pitch, lane, above[o - 1]); break;
          case 2: load_shifted<2, Y>(at, o * pitch, lane, above[o - 1]); break;
          default: load_shifted<3, Y>(at, o * pitch, lane, above[o - 1]); break;
        }
      }
#pragma unroll
      for (int j = 0; j < kVec; ++j) {
        if (!(mask >> j & 1u)) continue;
        res[j] = star<K>([&](int a, int o) {
          if (a == 2 || o == 0) return q[K + o][j];
          if (a == 1) return o < 0 ? below[-o - 1][j] : above[o - 1][j];
          if (o < 0) return j + o >= 0 ? q[K][j + o] : left[-o - j - 1];
          return j + o < kVec ? q[K][j + o] : right[j + o - kVec];
        });
      }
    }
    if (owns) *reinterpret_cast<float4*>(out + f0 + zc * plane) = make_float4(res[0], res[1], res[2], res[3]);
#pragma unroll
    for (int s = 0; s < 2 * K; ++s)
#pragma unroll
      for (int j = 0; j < kVec; ++j) q[s][j] = q[s + 1][j];
  }
}

template <int K, int Y>
void launch_flat(const float* in, float* out, int w, int pitch, int h, int d, long long plane, int chunk) {
  const dim3 grid(unsigned((1LL * pitch * h + kThreads * kVec - 1) / (kThreads * kVec)), 1,
                  unsigned((d + chunk - 2 * K - 1) / (chunk - 2 * K)));
  switch (pitch % 4) {
    case 0: flat<K, 0, Y><<<grid, kThreads>>>(in, out, w, pitch, h, d, plane, chunk); break;
    case 1: flat<K, 1, Y><<<grid, kThreads>>>(in, out, w, pitch, h, d, plane, chunk); break;
    case 2: flat<K, 2, Y><<<grid, kThreads>>>(in, out, w, pitch, h, d, plane, chunk); break;
    default: flat<K, 3, Y><<<grid, kThreads>>>(in, out, w, pitch, h, d, plane, chunk); break;
  }
}

// One variant on a W x H x D grid whose rows are `pitch` floats apart.
template <int K, int Y>
void study(const char* name, int w, int pitch, int h, int d, int chunk, int reps) {
  const long long plane = (1LL * pitch * h + 3) / 4 * 4;
  const long long n = plane * d + kThreads * kVec + 3LL * pitch + 8;  // slack for the idle threads' loads
  std::vector<float> host(n), ref(n), got(n);
  float* in = upload_random(host);
  float* out;
  CK(cudaMalloc(&out, n * 4));
  const StudyEvents ev;
  const std::size_t bytes = std::size_t(w) * h * d * 4;  // the grid's own cells
  const float copy = time_runs(reps, ev.start, ev.stop,
                               [&] { CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); })[reps / 2];
  CK(cudaMemset(out, 0, n * 4));
  reference<K><<<dim3((w + 127) / 128, h, d), 128>>>(in, out, w, pitch, h, d, plane);
  CK(cudaGetLastError());
  CK(cudaMemcpy(ref.data(), out, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemset(out, 0, n * 4));
  const float ms =
      time_runs(reps, ev.start, ev.stop, [&] { launch_flat<K, Y>(in, out, w, pitch, h, d, plane, chunk); })[reps / 2];
  CK(cudaGetLastError());
  CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
  long long differ = 0;
  float worst = 0.0f;
  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const long long i = z * plane + 1LL * y * pitch + x;
        const float e = std::fabs(got[i] - ref[i]);
        if (e > 1e-5f * (1.0f + std::fabs(ref[i]))) ++differ;
        worst = std::fmax(worst, e);
      }
  std::printf("%-8s %dx%dx%d k%d T%d %.4f ms copy %.4f ms %.1f%% copy  differ %lld (max |e| %.2g)\n", name, w, h, d, K,
              chunk, ms, copy, 100.0 * copy / ms, differ, worst);
  CK(cudaFree(in));
  CK(cudaFree(out));
}

template <int K>
void study_all(int w, int h, int d, int chunk, int reps) {
  study<K, 0>("shuffles", w, w, h, d, chunk, reps);
  if (w % 4 == 0) return;  // the other two are the same kernel
  study<K, 1>("2 loads", w, w, h, d, chunk, reps);
  study<K, 0>("padded", w, (w + 3) / 4 * 4, h, d, chunk, reps);
}

// Arguments W H D [K [T]]: that size (every order, or order K; chunk T, else the order's chunk).
int main(int argc, char** argv) {
  float wts[1 + 3 * 7] = {0.4f};
  for (int i = 1; i < 1 + 3 * 7; ++i) wts[i] = 0.01f * i;
  CK(cudaMemcpyToSymbol(c_w, wts, sizeof(wts)));
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s W H D [K [T]]\n", argv[0]);
    return 2;
  }
  const int w = std::atoi(argv[1]), h = std::atoi(argv[2]), d = std::atoi(argv[3]);
  const int k = argc > 4 ? std::atoi(argv[4]) : 0, chunk = argc > 5 ? std::atoi(argv[5]) : 0;
  for (int o = 1; o <= 3; ++o) {
    if (k != 0 && k != o) continue;
    const int t = chunk > 0 ? chunk : o == 1 ? 8 : o == 2 ? 10 : 18;  // fast_longest_chunk
    o == 1 ? study_all<1>(w, h, d, t, 20) : o == 2 ? study_all<2>(w, h, d, t, 20) : study_all<3>(w, h, d, t, 20);
  }
}
