// Beyond the book: temporal blocking. S steps of the star stencil fused in one launch, on overlapped
// 32 x 32 tiles that march a z chunk (geometry.hpp, TemporalTiling, says where every tile, halo and
// valid region is; this file only follows it).
#include <cstddef>
#include <string>

#include "kernels/common/copy_async.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/in_range.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/temporal_kernels.cuh"

namespace tilescope::cuda {
namespace {

constexpr int kAxisWeights = 2 * kMaxStencil3dRadius + 1;
// This file's copy of the coefficients (kernels.cu keeps its own; upload_stencil_coeffs fills both):
// c_weights[0]: centre; c_weights[1 + a * kAxisWeights + K + o]: offset o along axis a.
__constant__ float c_temporal_weights[1 + 3 * kAxisWeights];

template <int K>
__device__ __forceinline__ float w(int a, int o) {
  return c_temporal_weights[1 + a * kAxisWeights + K + o];
}

// Shapes, per block (T = kTemporalTile = 32, S = fused steps, P = kTemporalPrefetch):
//   threads  32 (x, a warp) x 32 (y): thread (tx, ty) owns the tile's column (x0 + tx, y0 + ty)
//   shared   s_ring[P][T][T]     input planes in flight (each thread copies and reads only its own cell)
//            s_stage[2][S][T][T] the current plane of every stage, double-buffered: one barrier a plane
//   registers q[S][2K + 1]        stage s's queue: step s values of planes zc - K .. zc + K of its column
// Iteration i (input plane i) computes step s of plane i - s K for s = 1..S: stage s's centre plane
// was produced K iterations ago, so every stage's centre is written to shared memory before the one
// barrier; its newest z neighbour (plane i - (s-1) K) is stage s-1's result of this same iteration,
// in this thread's registers.
template <int K, int S>
__global__ void __launch_bounds__(kTemporalThreads, 1)
    stencil_temporal_kernel(const float* __restrict__ in, float* __restrict__ out, int width, int height, int depth,
                            TemporalTiling g) {
  static_assert(2 * S * K < kTemporalTile, "the output tile keeps a cell (temporal_max_fused)");
  constexpr int T = kTemporalTile, kPlane = kTemporalThreads, P = kTemporalPrefetch;
  constexpr unsigned kWarpMask = 0xffffffffu;
  extern __shared__ float s_mem[];
  float* s_ring = s_mem;
  float* s_stage = s_mem + P * kPlane;
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * T + tx;
  const StencilAxisTiling ax = g.axis(0), ay = g.axis(1), az = g.axis(2);
  const int x = ax.cell(blockIdx.x, tx), y = ay.cell(blockIdx.y, ty);
  const int z_in = az.in_origin(blockIdx.z), z_out0 = az.out_origin(blockIdx.z);
  const int z_out1 = min(depth, z_out0 + g.chunk);
  const int z_end = z_out1 + S * K;  // the last iteration computes step S of plane z_out1 - 1
  const bool column = in_range(x, width) && in_range(y, height);
  const bool xy_interior = column && stencil_interior(x, width, K) && stencil_interior(y, height, K);
  const bool writes = column && ax.computes(tx) && ay.computes(ty);  // the output tile: S K inside the input tile
  const std::size_t plane = std::size_t(width) * height;
  const float* in_col = in + (column ? std::size_t(y) * width + x : 0);  // a valid address for zero-filled copies
  float* out_col = out + (column ? std::size_t(y) * width + x : 0);

  // Prologue: planes z_in .. z_in + P - 1 in flight, one group each (ghost planes are zeros).
#pragma unroll
  for (int j = 0; j < P; ++j) {
    const int z = z_in + j;
    const bool valid = column && z < z_end && in_range(z, depth);
    copy_async<1>(s_ring + j * kPlane + t, in_col + (valid ? z * plane : 0), valid);
    copy_async_commit();
  }
  float q[S][2 * K + 1];
#pragma unroll
  for (int s = 0; s < S; ++s)
#pragma unroll
    for (int j = 0; j <= 2 * K; ++j) q[s][j] = 0.0f;

  for (int i = z_in, n = 0; i < z_end; ++i, ++n) {
    const int slot = n % P, buf = n & 1;
    copy_async_wait_prior<P - 1>();  // this thread's copy of plane i has landed
    const float v = s_ring[slot * kPlane + t];
    float* stage_planes = s_stage + buf * S * kPlane;
#pragma unroll
    for (int s = 0; s < S; ++s) {
#pragma unroll
      for (int j = 0; j < 2 * K; ++j) q[s][j] = q[s][j + 1];
      stage_planes[s * kPlane + t] = q[s][K];  // stage s+1's centre plane, for its y neighbours
    }
    q[0][2 * K] = v;
    __syncthreads();  // every stage's centre plane is in shared memory (and plane i's slot is read)
    {
      const int z = i + P;  // refill the slot just read
      const bool valid = column && z < z_end && in_range(z, depth);
      copy_async<1>(s_ring + slot * kPlane + t, in_col + (valid ? z * plane : 0), valid);
      copy_async_commit();
    }
#pragma unroll
    for (int s = 1; s <= S; ++s) {
      const int zc = i - s * K;
      const float* centre_plane = stage_planes + (s - 1) * kPlane;
      const float(&qs)[2 * K + 1] = q[s - 1];
      float r = qs[K];              // boundary cells (and ghosts) keep their value
      if (g.row_computes(ty, s)) {  // warp-uniform: a row is a warp
        float left[K], right[K];
#pragma unroll
        for (int o = 1; o <= K; ++o) {
          left[o - 1] = __shfl_up_sync(kWarpMask, qs[K], o);
          right[o - 1] = __shfl_down_sync(kWarpMask, qs[K], o);
        }
        if (xy_interior && stencil_interior(zc, depth, K)) {
          float sum = c_temporal_weights[0] * qs[K];
#pragma unroll
          for (int o = 1; o <= K; ++o)
            sum += w<K>(0, -o) * left[o - 1] + w<K>(0, o) * right[o - 1] + w<K>(1, -o) * centre_plane[t - o * T] +
                   w<K>(1, o) * centre_plane[t + o * T] + w<K>(2, -o) * qs[K - o] + w<K>(2, o) * qs[K + o];
          r = sum;
        }
      }
      if (s < S)
        q[s][2 * K] = r;
      else if (writes && zc >= z_out0 && zc < z_out1)
        out_col[zc * plane] = r;
    }
  }
  copy_async_wait();
}

using Kernel = void (*)(const float*, float*, int, int, int, TemporalTiling);

template <int K, int S>
Kernel kernel_at() {
  if constexpr (2 * S * K < kTemporalTile)
    return stencil_temporal_kernel<K, S>;
  else
    return nullptr;
}

template <int K>
Kernel kernel_for(int fused) {
  static_assert(kMaxStencil3dSteps == 8, "one kernel per fused depth");
  switch (fused) {
    case 1: return kernel_at<K, 1>();
    case 2: return kernel_at<K, 2>();
    case 3: return kernel_at<K, 3>();
    case 4: return kernel_at<K, 4>();
    case 5: return kernel_at<K, 5>();
    case 6: return kernel_at<K, 6>();
    case 7: return kernel_at<K, 7>();
    case 8: return kernel_at<K, 8>();
  }
  return nullptr;
}

Kernel kernel_for(int k, int fused) {
  return k == 1 ? kernel_for<1>(fused) : k == 2 ? kernel_for<2>(fused) : kernel_for<3>(fused);
}

std::size_t shared_bytes(int fused) { return std::size_t(temporal_shared_planes(fused)) * kTemporalThreads * 4; }

}  // namespace

void upload_temporal_weights(const float* weights, std::size_t bytes) {
  check(cudaMemcpyToSymbol(c_temporal_weights, weights, bytes), "cudaMemcpyToSymbol (temporal coefficients)");
}

void launch_stencil3d_temporal(const Stencil3dParams& p, int fused, const float* d_in, float* d_out,
                               cudaStream_t stream) {
  const TemporalTiling g = tiling_of(p, fused).temporal_tiling();
  const Kernel kernel = kernel_for(p.order, fused);
  if (!kernel) throw BackendError("stencil_temporal_kernel: no kernel fuses " + std::to_string(fused) + " steps");
  const std::size_t smem = shared_bytes(fused);
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)),
        "cudaFuncSetAttribute (temporal shared memory)");
  const dim3 grid(g.grid_dim(0, p.width), g.grid_dim(1, p.height), g.grid_dim(2, p.depth));
  kernel<<<grid, dim3(kTemporalTile, kTemporalTile), smem, stream>>>(d_in, d_out, p.width, p.height, p.depth, g);
  check_launch("stencil_temporal_kernel");
}

int temporal_blocks_per_sm(const Stencil3dParams& p) {
  const int fused = tiling_of(p).fused;
  const Kernel kernel = kernel_for(p.order, fused);
  if (!kernel) return 0;
  const std::size_t smem = shared_bytes(fused);
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)),
        "cudaFuncSetAttribute (temporal shared memory)");
  int blocks = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, kTemporalThreads, smem),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return blocks;
}

}  // namespace tilescope::cuda
