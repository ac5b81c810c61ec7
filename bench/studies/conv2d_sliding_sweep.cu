// A study, not part of the build: the repo's conv2d `sliding` kernel body
// (kernels/conv2d/sliding.cuh) at 8192^2 for r = 1..3 over warps per block, a register cap,
// the rows loaded ahead and the strip length, timed against a device-to-device copy in the same process, and checked
// against a float64 CPU reference (sampled rows of 8192^2, every row of 1000x776 and 1001x777).
// Build and run on a GPU from the repo root:
//   nvcc -O3 -arch=sm_90 -std=c++17 -I. bench/studies/conv2d_sliding_sweep.cu -o sweep && ./sweep 30 [zeros]
// The input is random unless `zeros` is given (all-zero input draws less power: compute-bound
// variants then run at higher clocks and look faster than they are on real data).
// SUSTAIN=S adds, per variant, S seconds of back-to-back copies and then of kernels, each between
// two wall-clock STAMP lines that bench/studies/power_trace.py matches to an nvidia-smi log.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "kernels/conv2d/sliding.cuh"
#include "study_timing.cuh"

using namespace tilescope;

__constant__ float c_f[9 * 9];
template <int R>
struct ConstWeights {
  __device__ float operator()(int fy, int fx) const { return c_f[fy * (2 * R + 1) + fx]; }
};

// WARPS warps per block, each the geometry's one-warp tile blockIdx.x * WARPS + warp.
template <int R, int WARPS, int MINB, int AHEAD>
__global__ void __launch_bounds__(32 * WARPS, MINB) k_sliding(const float* __restrict__ N, float* __restrict__ P,
                                                              int pitch, int height, Conv2dTiling gx, Conv2dTiling gy) {
  cuda::sliding_warp<R, AHEAD>(N, P, pitch, height, gx, gy, blockIdx.x * WARPS + threadIdx.x / 32, blockIdx.y,
                               threadIdx.x & 31, ConstWeights<R>{});
}

// On rows `pitch` floats apart (a multiple of 4), as the engine lays them out.
template <int R, int WARPS, int MINB, int AHEAD>
void launch(const float* in, float* out, int pitch, int h, int strip) {
  const Conv2dParams p{Conv2dStrategy::sliding, R, strip, pitch, h};
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const dim3 grid((gx.grid_dim(pitch) + WARPS - 1) / WARPS, gy.grid_dim(h));
  k_sliding<R, WARPS, MINB, AHEAD><<<grid, 32 * WARPS>>>(in, out, pitch, h, gx, gy);
}

using LaunchFn = void (*)(const float*, float*, int, int, int);
struct Variant {
  int r, warps, minb, ahead;
  LaunchFn fn;
};

// "STAMP what HH:MM:SS.mmm" in local time, as nvidia-smi's timestamps are.
void stamp(const char* what) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  char hms[16];
  std::strftime(hms, sizeof hms, "%H:%M:%S", std::localtime(&t));
  std::printf("STAMP %s %s.%03lld\n", what, hms, ms);
  std::fflush(stdout);
}

double ref_at(const std::vector<float>& n, const std::vector<float>& f, int w, int h, int r, int x, int y) {
  double s = 0;
  for (int fy = -r; fy <= r; ++fy)
    for (int fx = -r; fx <= r; ++fx) {
      const int xx = x + fx, yy = y + fy;
      if (xx >= 0 && xx < w && yy >= 0 && yy < h)
        s += double(f[(fy + r) * (2 * r + 1) + fx + r]) * n[size_t(yy) * w + xx];
    }
  return s;
}

// Relative L2 error of rows `rows` (all columns) of one run.
double check(const Variant& v, int w, int h, int strip, const std::vector<int>& rows, const std::vector<float>& f) {
  std::vector<float> n(size_t(w) * h);
  unsigned s = 12345;
  for (auto& x : n) x = ((s = s * 1664525u + 1013904223u) >> 8) * (1.0f / 16777216.0f) - 0.5f;
  // Rows padded to a float4, zeros in the padding (as the engine lays them out).
  const int pitch = float4_row_pitch(w);
  const size_t padded = size_t(pitch) * h * 4;
  float *d_in, *d_out;
  CK(cudaMalloc(&d_in, padded));
  CK(cudaMalloc(&d_out, padded));
  CK(cudaMemset(d_in, 0, padded));
  CK(cudaMemcpy2D(d_in, pitch * 4, n.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xff, padded));  // NaN: an output never written shows
  v.fn(d_in, d_out, pitch, h, strip);
  CK(cudaGetLastError());
  std::vector<float> out(n.size());
  CK(cudaMemcpy2D(out.data(), w * 4, d_out, pitch * 4, w * 4, h, cudaMemcpyDeviceToHost));
  double num = 0, den = 0;
  for (int y : rows)
    for (int x = 0; x < w; ++x) {
      const double r = ref_at(n, f, w, h, v.r, x, y), d = out[size_t(y) * w + x] - r;
      num += std::isnan(d) ? 1e30 : d * d;
      den += r * r;
    }
  CK(cudaFree(d_in));
  CK(cudaFree(d_out));
  return std::sqrt(num / den);
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30, W = 8192, H = 8192;
  std::vector<float> f(81);
  for (int i = 0; i < 81; ++i) f[i] = std::sin(1.0f + i) * 0.3f;
  CK(cudaMemcpyToSymbol(c_f, f.data(), f.size() * 4));
  float *in, *out;
  CK(cudaMalloc(&in, size_t(W) * H * 4));
  CK(cudaMalloc(&out, size_t(W) * H * 4));
  {  // random data: zeros would draw less power and let compute-bound kernels clock higher
    std::vector<float> h(size_t(W) * H);
    unsigned seed = 99;
    for (auto& x : h) x = ((seed = seed * 1664525u + 1013904223u) >> 8) * (1.0f / 16777216.0f) - 0.5f;
    CK(cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  }
  const bool zeros = argc > 2 && std::string(argv[2]) == "zeros";
  // Optional filter for profiling one variant: ./sweep REPS random|zeros R AHEAD STRIP
  const int only_r = argc > 3 ? std::atoi(argv[3]) : 0, only_ahead = argc > 4 ? std::atoi(argv[4]) : 0,
            only_strip = argc > 5 ? std::atoi(argv[5]) : 0;
  if (zeros) CK(cudaMemset(in, 0, size_t(W) * H * 4));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  auto median_ms = [&](auto&& run) {
    const std::vector<float> t = time_runs(reps, a, b, run);
    return t[t.size() / 2];
  };
  const double sustain_s = std::getenv("SUSTAIN") ? std::atof(std::getenv("SUSTAIN")) : 0;
  // Mean time per run over sustain_s seconds of back-to-back runs (one run takes about per_ms).
  auto sustained_ms = [&](const char* what, auto&& run, double per_ms) {
    const int n = std::max(1, static_cast<int>(sustain_s * 1000 / per_ms));
    stamp((std::string(what) + "-begin").c_str());
    CK(cudaEventRecord(a));
    for (int i = 0; i < n; ++i) run();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    stamp((std::string(what) + "-end").c_str());
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    std::printf("sustained %s: %.4f ms per run over %d runs\n", what, ms / n, n);
    return ms / n;
  };
  auto copy = [&] { CK(cudaMemcpyAsync(out, in, size_t(W) * H * 4, cudaMemcpyDeviceToDevice)); };
  auto copy_ms = [&] { return median_ms(copy); };
  const Variant variants[] = {
#define V(R, WARPS, MINB, AHEAD) Variant{R, WARPS, MINB, AHEAD, launch<R, WARPS, MINB, AHEAD>}
      V(1, 4, 1, 2), V(1, 4, 8, 2), V(2, 4, 1, 1), V(2, 4, 5, 1), V(2, 4, 6, 1),
      V(2, 4, 1, 2), V(2, 4, 6, 2), V(3, 4, 1, 4), V(3, 4, 5, 2),
#undef V
  };
  std::vector<int> rows;
  for (int y : {0,  1,  2,  3,  4,  5,    15,   16,   17,   18,   31,   32,   33,   34,
                35, 63, 64, 65, 66, 4095, 4096, 8185, 8186, 8187, 8188, 8189, 8190, 8191})
    rows.push_back(y);
  std::vector<int> all_776(776), all_777(777);
  for (int y = 0; y < 776; ++y) all_776[y] = y;
  for (int y = 0; y < 777; ++y) all_777[y] = y;
  for (const Variant& v : variants) {
    if ((only_r && v.r != only_r) || (only_ahead && v.ahead != only_ahead)) continue;
    const double e_small = std::max(check(v, 1000, 776, 32, all_776, f), check(v, 1001, 777, 13, all_777, f));
    for (int strip : {16, 24, 256}) {
      if (only_strip && strip != only_strip) continue;
      const Conv2dTiling gy = tiling_of(Conv2dParams{Conv2dStrategy::sliding, v.r, strip, W, H}, 1);
      const double e = check(v, W, H, strip, rows, f);
      const double c0 = copy_ms();
      const double k = median_ms([&] { v.fn(in, out, W, H, strip); });
      const double c1 = copy_ms();
      const double c = std::min(c0, c1);
      std::printf(
          "r=%d warps=%d minb=%-2d ahead=%d strip=%3d (rows %3d)  %.4f ms  copy %.4f  %5.1f%%  err8192 %.1e  errsmall "
          "%.1e\n",
          v.r, v.warps, v.minb, v.ahead, strip, gy.strip_rows(), k, c, 100 * c / k, e, e_small);
      std::fflush(stdout);
      if (sustain_s > 0) {
        const double sc = sustained_ms("copy", copy, c);
        const double sk = sustained_ms(
            "kernel", [&] { v.fn(in, out, W, H, strip); }, k);
        std::printf("sustained r=%d ahead=%d strip=%d: kernel %.4f ms, copy %.4f ms, %5.1f%%\n", v.r, v.ahead, strip,
                    sk, sc, 100 * sc / sk);
      }
    }
  }
  return 0;
}
