// A study, not part of the build: conv2d `separable` (row pass into shared memory, then column
// pass) over block shapes, at 8192^2 and an odd size, r = 1..8, each timed against a
// device-to-device copy of the same bytes in the same process and checked on sampled rows against
// a float64 CPU reference. The question: at r >= 5 separable ran at 74-85% of the copy on an H200
// (kernels/conv2d/kernels.cu, 16 x 16 threads of 4 x 4 outputs). Shared memory's wavefronts per
// output (row pass 5 float4s per 4 cells at r = 8 over 80 rows of a 64-row tile, column pass 20
// float4s per 4 x 4 patch) come to about the copy's time there; a patch of CY rows reads
// CY + 2r rows for CY outputs, and a taller tile amortises the row pass's 2r extra rows.
// Findings: bench/studies/2026-11-29-conv2d-separable-shapes.md. Build and run on a GPU from the repo root:
//   nvcc -O3 -arch=sm_90 -std=c++17 -I. bench/studies/conv2d_separable_shapes.cu -o sep && ./sep 30
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kernels/common/copy_async.cuh"
#include "kernels/common/row_pitch.hpp"
#include "study_timing.cuh"

using namespace tilescope;

__constant__ float c_row[17], c_col[17];

// How the row pass reads its windows: 0 from the staged tile, 4-cell units (consecutive threads,
// consecutive float4s: no bank conflicts); 1 from global memory (L1), 4-cell units; 2 from the
// staged tile, 8-cell units (6 float4 reads for 8 cells at r = 8 instead of 10), consecutive
// threads on consecutive rows of tiles whose rows are padded by a float4 (then 8 threads' float4s
// fall in distinct banks); 3 as 2 with 4-cell units (the padding and the mapping alone).
template <int K>
struct RowPass {
  static constexpr bool global = K == 1, by_rows = K >= 2;
  static constexpr int unit = K == 2 ? 8 : 4, pad = K >= 2 ? 4 : 0;
};

// TX x TY threads; thread (tx, ty) computes 4 columns x CY rows; the tile is 4 TX x CY TY outputs.
template <int R, int TX, int TY, int CY, int K>
struct Shape {
  static constexpr int H = round_up(R, 8), OX = 4 * TX, OY = CY * TY, Sx = OX + 2 * H + RowPass<K>::pad,
                       Sy = OY + 2 * R, Mx = OX + RowPass<K>::pad, T = TX * TY;
  static constexpr std::size_t shared_bytes = std::size_t((RowPass<K>::global ? 0 : Sx * Sy) + Mx * Sy) * sizeof(float);
};

template <int R, int TX, int TY, int CY, int K>
__global__ void __launch_bounds__(TX* TY)
    separable(const float* __restrict__ N, float* __restrict__ P, int pitch, int height) {
  using S = Shape<R, TX, TY, CY, K>;
  using RP = RowPass<K>;
  constexpr int D = 2 * R + 1, U = RP::unit, staged_x = S::OX + 2 * S::H;
  extern __shared__ float4 sm[];
  float* N_s = reinterpret_cast<float*>(sm);
  float* M_s = N_s + (RP::global ? 0 : S::Sx * S::Sy);
  const int tid = threadIdx.y * TX + threadIdx.x;
  const int x0 = blockIdx.x * S::OX - S::H, y0 = blockIdx.y * S::OY - R;
  if (!RP::global)
    for (int i = tid; i < staged_x / 4 * S::Sy; i += S::T) {
      const int su = i % (staged_x / 4), sy = i / (staged_x / 4), x = x0 + 4 * su, y = y0 + sy;
      const bool inside = x >= 0 && x < pitch && y >= 0 && y < height;
      cuda::copy_async<4>(N_s + sy * S::Sx + 4 * su, N + (inside ? std::size_t(y) * pitch + x : 0), inside);
    }
  cuda::copy_async_wait();
  __syncthreads();
  const int inside = height - blockIdx.y * S::OY, rows = (inside < S::OY ? inside : S::OY) + 2 * R;
  constexpr int first = (S::H - R) / 4 * 4, skip = S::H - R - first, vectors = (skip + 2 * R + U + 3) / 4;
  constexpr int units = S::OX / U;
  for (int i = tid; i < rows * units; i += S::T) {
    const int my = RP::by_rows ? i % rows : i / units, mu = RP::by_rows ? i / rows : i % units;
    const float* row = N_s + my * S::Sx + mu * U + first;
    const int gy = y0 + my, gx = x0 + mu * U + first;
    const float* grow = N + std::size_t(gy) * pitch + gx;
    float in[4 * vectors];
#pragma unroll
    for (int v = 0; v < vectors; ++v) {
      float4 q;
      if (RP::global) {
        const bool in_image = gy >= 0 && gy < height && gx + 4 * v >= 0 && gx + 4 * v < pitch;
        q = in_image ? __ldg(reinterpret_cast<const float4*>(grow) + v) : make_float4(0, 0, 0, 0);
      } else {
        q = reinterpret_cast<const float4*>(row)[v];
      }
      in[4 * v] = q.x, in[4 * v + 1] = q.y, in[4 * v + 2] = q.z, in[4 * v + 3] = q.w;
    }
    float h[U] = {};
#pragma unroll
    for (int fx = 0; fx < D; ++fx)
#pragma unroll
      for (int o = 0; o < U; ++o) h[o] = fmaf(c_row[fx], in[skip + o + fx], h[o]);
#pragma unroll
    for (int o = 0; o < U; o += 4)
      *reinterpret_cast<float4*>(M_s + my * S::Mx + mu * U + o) = make_float4(h[o], h[o + 1], h[o + 2], h[o + 3]);
  }
  __syncthreads();
  float acc[CY][4] = {};
  const float* column = M_s + threadIdx.y * CY * S::Mx + threadIdx.x * 4;
#pragma unroll
  for (int j = 0; j < CY + 2 * R; ++j) {
    const float4 q = *reinterpret_cast<const float4*>(column + j * S::Mx);
    const float m[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
    for (int oy = 0; oy < CY; ++oy) {
      const int fy = j - oy;
      if (fy < 0 || fy >= D) continue;
#pragma unroll
      for (int o = 0; o < 4; ++o) acc[oy][o] = fmaf(c_col[fy], m[o], acc[oy][o]);
    }
  }
  const int col = blockIdx.x * S::OX + threadIdx.x * 4, row0 = blockIdx.y * S::OY + threadIdx.y * CY;
  if (col >= pitch) return;
#pragma unroll
  for (int oy = 0; oy < CY; ++oy) {
    if (row0 + oy >= height) return;
    *reinterpret_cast<float4*>(P + std::size_t(row0 + oy) * pitch + col) =
        make_float4(acc[oy][0], acc[oy][1], acc[oy][2], acc[oy][3]);
  }
}

using LaunchFn = void (*)(const float*, float*, int, int);
struct Variant {
  int r, tx, ty, cy, kind;
  LaunchFn fn;
};

template <int R, int TX, int TY, int CY, int K>
void launch(const float* in, float* out, int pitch, int h) {
  using S = Shape<R, TX, TY, CY, K>;
  static bool set = false;
  if (!set) {
    CK(cudaFuncSetAttribute(separable<R, TX, TY, CY, K>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            int(S::shared_bytes)));
    set = true;
  }
  const dim3 grid((pitch + S::OX - 1) / S::OX, (h + S::OY - 1) / S::OY);
  separable<R, TX, TY, CY, K><<<grid, dim3(TX, TY), S::shared_bytes>>>(in, out, pitch, h);
}

// Run 1 (H200): 16 x 16 threads of 4 x 4 (the kernel's shape then), 16 x 16 of 4 x 8, 16 x 8 of
// 4 x 16, 16 x 16 of 4 x 16, 32 x 8 of 4 x 8 and 4 x 16 all ran slower than 16 x 8 threads of 4 x 8
// at r >= 5; run 2 added 16 x 8 of 4 x 12, 16 x 4 of 4 x 16 and 8 x 8 of 4 x 8, each with row
// pass 0 and 1; run 3 the row passes 2 and 3 on the two best shapes
// (bench/studies/2026-11-29-conv2d-separable-shapes.md).
template <int R>
void add(std::vector<Variant>& v) {
  v.push_back({R, 16, 16, 4, 0, launch<R, 16, 16, 4, 0>});
  v.push_back({R, 16, 8, 8, 0, launch<R, 16, 8, 8, 0>});
  v.push_back({R, 16, 8, 8, 2, launch<R, 16, 8, 8, 2>});
  v.push_back({R, 16, 8, 8, 3, launch<R, 16, 8, 8, 3>});
  v.push_back({R, 16, 16, 4, 2, launch<R, 16, 16, 4, 2>});
}

std::vector<float> weights(int r) {
  std::vector<float> w(2 * r + 1);
  double s = 0;
  for (int i = -r; i <= r; ++i) s += w[i + r] = float(std::exp(-0.5 * i * i / (0.5 * r * r + 0.5)));
  for (auto& x : w) x = float(x / s);
  return w;
}

double rel_error(const Variant& v, int w, int h) {
  const int pitch = float4_row_pitch(w);
  std::vector<float> n(std::size_t(w) * h);
  unsigned s = 12345;
  for (auto& x : n) x = ((s = s * 1664525u + 1013904223u) >> 8) * (1.0f / 16777216.0f) - 0.5f;
  const std::size_t padded = std::size_t(pitch) * h * 4;
  float *d_in, *d_out;
  CK(cudaMalloc(&d_in, padded));
  CK(cudaMalloc(&d_out, padded));
  CK(cudaMemset(d_in, 0, padded));
  CK(cudaMemcpy2D(d_in, pitch * 4, n.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xff, padded));
  v.fn(d_in, d_out, pitch, h);
  CK(cudaGetLastError());
  std::vector<float> out(n.size());
  CK(cudaMemcpy2D(out.data(), w * 4, d_out, pitch * 4, w * 4, h, cudaMemcpyDeviceToHost));
  const std::vector<float> f = weights(v.r);
  double num = 0, den = 0;
  for (int y : {0, 1, v.r, h / 2 + 3, h - 1 - v.r, h - 2, h - 1})
    for (int x = 0; x < w; ++x) {
      double ref = 0;
      for (int fy = -v.r; fy <= v.r; ++fy)
        for (int fx = -v.r; fx <= v.r; ++fx) {
          const int xx = x + fx, yy = y + fy;
          if (xx >= 0 && xx < w && yy >= 0 && yy < h)
            ref += double(f[fy + v.r]) * f[fx + v.r] * n[std::size_t(yy) * w + xx];
        }
      const double d = out[std::size_t(y) * w + x] - ref;
      num += std::isnan(d) ? 1e30 : d * d;
      den += ref * ref;
    }
  CK(cudaFree(d_in));
  CK(cudaFree(d_out));
  return std::sqrt(num / den);
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  std::vector<Variant> variants;
  add<1>(variants), add<3>(variants), add<4>(variants), add<5>(variants), add<6>(variants), add<7>(variants),
      add<8>(variants);
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("GPU %s\n", prop.name);
  StudyEvents ev;
  for (const auto& size : {std::pair{8192, 8192}, std::pair{4097, 3001}}) {
    const int W = size.first, H = size.second;
    const int pitch = float4_row_pitch(W);
    std::vector<float> host(std::size_t(pitch) * H);
    float* in = upload_random(host);
    float* out = nullptr;
    CK(cudaMalloc(&out, host.size() * 4));
    const std::vector<float> copy = time_runs(
        reps, ev.start, ev.stop, [&] { CK(cudaMemcpyAsync(out, in, host.size() * 4, cudaMemcpyDeviceToDevice)); });
    const float copy_ms = copy[copy.size() / 2];
    std::printf("%dx%d copy %.4f ms\n", W, H, copy_ms);
    int last_r = 0;
    for (const Variant& v : variants) {
      if (v.r != last_r) {
        const std::vector<float> f = weights(v.r);
        CK(cudaMemcpyToSymbol(c_row, f.data(), f.size() * 4));
        CK(cudaMemcpyToSymbol(c_col, f.data(), f.size() * 4));
        last_r = v.r;
      }
      const std::vector<float> t = time_runs(reps, ev.start, ev.stop, [&] { v.fn(in, out, pitch, H); });
      const float ms = t[t.size() / 2];
      std::printf(
          "%dx%d r=%d threads %2dx%2d rows/thread %2d tile %3dx%3d row pass %d: %.4f ms  %5.1f%% copy  err %.1e\n", W,
          H, v.r, v.tx, v.ty, v.cy, 4 * v.tx, v.cy * v.ty, v.kind, ms, 100 * copy_ms / ms, rel_error(v, W, H));
    }
    CK(cudaFree(in));
    CK(cudaFree(out));
  }
}
