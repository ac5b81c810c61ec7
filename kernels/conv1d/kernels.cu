#include <array>
#include <utility>

#include "kernels/common/cuda_check.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/kernels.cuh"
#include "kernels/conv1d/model.hpp"

namespace tilescope::cuda {
namespace {

__constant__ float c_filter1d[2 * kMaxConv1dRadius + 1];

// PMPP 3rd ed. 7.2 / 7.3: one thread per output, N from global memory; the filter from global
// memory (basic, 0.25 OP/B) or from constant memory (const_mem, 0.5 OP/B). Ghost taps are skipped.
template <bool kConstFilter>
__global__ void conv1d_direct_kernel(const float* __restrict__ N, const float* __restrict__ F, float* __restrict__ P,
                                     int length, Conv1dTiling g) {
  const int i = g.out_coord(blockIdx.x, threadIdx.x);
  if (i >= length) return;
  float sum = 0.0f;
  for (int j = 0; j <= 2 * g.r; ++j) {
    const int k = i - g.r + j;
    if (in_range(k, length)) sum += (kConstFilter ? c_filter1d[j] : F[j]) * N[k];
  }
  P[i] = sum;
}

// Stores the input element of shared slot `slot` (zero for a ghost cell, without a load).
__device__ __forceinline__ void load_slot(float* N_s, const float* __restrict__ N, int length, const Conv1dTiling& g,
                                          int slot) {
  const int k = g.shared_coord(blockIdx.x, slot);
  N_s[slot] = in_range(k, length) ? N[k] : 0.0f;
}

// The shared-memory kernels' geometry with the strategy and, at the tiles bench runs (the book's
// TILE_SIZE), the block folded at compile time; kBlock = 0: the block read at run time.
template <Conv1dStrategy S, int kBlock>
__device__ __forceinline__ Conv1dTiling folded(const Conv1dTiling& g) {
  return Conv1dTiling{S, g.r, kBlock ? kBlock : g.block};
}

// PMPP 3rd ed. 7.4: the block stages n halo + blockDim + n halo cells; the last n threads
// fetch the left halo, the first n threads the right halo. After the barrier every tap reads
// shared memory.
template <int kBlock>
__global__ void conv1d_tiled_kernel(const float* __restrict__ N, float* __restrict__ P, int length,
                                    Conv1dTiling g_run) {
  const Conv1dTiling g = folded<Conv1dStrategy::tiled, kBlock>(g_run);
  extern __shared__ float N_s[];
  const int t = threadIdx.x;
  if (const int s = g.left_halo_slot(t); s >= 0) load_slot(N_s, N, length, g, s);
  load_slot(N_s, N, length, g, g.own_slot(t));
  if (const int s = g.right_halo_slot(t); s >= 0) load_slot(N_s, N, length, g, s);
  __syncthreads();
  const int i = g.out_coord(blockIdx.x, t);
  if (i >= length) return;
  float sum = 0.0f;
  for (int j = 0; j <= 2 * g.r; ++j) sum += c_filter1d[j] * N_s[t + j];
  P[i] = sum;
}

// PMPP 3rd ed. 7.5: only the tile goes to shared memory; a halo tap reads global memory (an
// L2 hit if the neighbouring block already loaded it), a ghost tap is skipped.
template <int kBlock>
__global__ void conv1d_cached_halo_kernel(const float* __restrict__ N, float* __restrict__ P, int length,
                                          Conv1dTiling g_run) {
  const Conv1dTiling g = folded<Conv1dStrategy::cached_halo, kBlock>(g_run);
  extern __shared__ float N_s[];
  const int t = threadIdx.x;
  load_slot(N_s, N, length, g, g.own_slot(t));
  __syncthreads();
  const int i = g.out_coord(blockIdx.x, t);
  if (i >= length) return;
  float sum = 0.0f;
  for (int j = 0; j <= 2 * g.r; ++j) {
    const int k = i - g.r + j;
    if (g.in_shared(blockIdx.x, k))
      sum += c_filter1d[j] * N_s[k - g.shared_origin(blockIdx.x)];
    else if (in_range(k, length))
      sum += c_filter1d[j] * N[k];
  }
  P[i] = sum;
}

// The input elements k .. k + 3 (k a multiple of 4): one 16-byte load when all four lie inside
// the signal, else element by element, ghost cells as zeros without a load.
__device__ __forceinline__ float4 load_float4(const float* __restrict__ N, int k, int length) {
  if (k >= 0 && k + 3 < length) return __ldg(reinterpret_cast<const float4*>(N + k));
  return make_float4(in_range(k, length) ? N[k] : 0.0f, in_range(k + 1, length) ? N[k + 1] : 0.0f,
                     in_range(k + 2, length) ? N[k + 2] : 0.0f, in_range(k + 3, length) ? N[k + 3] : 0.0f);
}

// Beyond PMPP (thread coarsening): the block stages tile + halo (rounded up to float4s) with
// 16-byte loads; each thread computes 8 outputs in two float4 groups from a register window,
// the 2R + 1 taps unrolled with the weights as __constant__ operands, and stores float4s.
template <int R>
__global__ void conv1d_fast_kernel(const float* __restrict__ N, float* __restrict__ P, int length, Conv1dTiling g) {
  constexpr int H = fast_halo(R), kWindow = kConv1dFastGroup + 2 * H;
  // What the launcher guarantees: the compiler folds the geometry's strategy and radius branches.
  __builtin_assume(g.strategy == Conv1dStrategy::fast && g.r == R);
  extern __shared__ float4 N_s4[];
  const int t = threadIdx.x;
  for (int pass = 0; g.float4_of(t, pass) < g.shared_float4s(); ++pass) {
    const int q = g.float4_of(t, pass);
    N_s4[q] = load_float4(N, g.shared_coord(blockIdx.x, kConv1dFastGroup * q), length);
  }
  __syncthreads();
#pragma unroll
  for (int k0 = 0; k0 < kConv1dFastOutputsPerThread; k0 += kConv1dFastGroup) {
    const int i0 = g.out_coord(blockIdx.x, t, k0);
    if (i0 >= length) break;
    // The group's window N[i0 - H .. i0 + 3 + H] starts at slot i0 - out_origin: a whole float4.
    float w[kWindow];
    const float4* window = N_s4 + (i0 - g.out_origin(blockIdx.x)) / kConv1dFastGroup;
#pragma unroll
    for (int q = 0; q < kWindow / kConv1dFastGroup; ++q) {
      const float4 v = window[q];
      w[4 * q] = v.x, w[4 * q + 1] = v.y, w[4 * q + 2] = v.z, w[4 * q + 3] = v.w;
    }
    float out[kConv1dFastGroup];
#pragma unroll
    for (int c = 0; c < kConv1dFastGroup; ++c) {
      float sum = 0.0f;
#pragma unroll
      for (int j = 0; j <= 2 * R; ++j) sum = fmaf(c_filter1d[j], w[H - R + c + j], sum);  // tap N[i0 + c - R + j]
      out[c] = sum;
    }
    if (i0 + 3 < length) {
      *reinterpret_cast<float4*>(P + i0) = make_float4(out[0], out[1], out[2], out[3]);
    } else {
#pragma unroll
      for (int c = 0; c < kConv1dFastGroup; ++c)
        if (i0 + c < length) P[i0 + c] = out[c];
    }
  }
}

template <int R>
void launch_fast(const float* d_in, float* d_out, int length, Conv1dTiling g, std::size_t shared_bytes,
                 cudaStream_t stream) {
  conv1d_fast_kernel<R><<<g.grid_dim(length), g.threads(), shared_bytes, stream>>>(d_in, d_out, length, g);
}

using LaunchFastFn = void (*)(const float*, float*, int, Conv1dTiling, std::size_t, cudaStream_t);

// The radius is a template parameter so that the tap loop unrolls and the window lives in
// registers: one instantiation per radius 1 .. kMaxConv1dRadius.
template <int... I>
constexpr auto make_fast_table(std::integer_sequence<int, I...>) {
  return std::array<LaunchFastFn, sizeof...(I)>{launch_fast<I + 1>...};
}
constexpr auto kLaunchFastByRadius = make_fast_table(std::make_integer_sequence<int, kMaxConv1dRadius>{});

// tiled and cached_halo with the block folded at kBlock (0: read at run time).
template <int kBlock>
void launch_shared(const Conv1dParams& p, const float* d_in, float* d_out, dim3 grid, dim3 block, std::size_t shared,
                   cudaStream_t stream) {
  const Conv1dTiling g = tiling_of(p);
  if (p.strategy == Conv1dStrategy::tiled) {
    conv1d_tiled_kernel<kBlock><<<grid, block, shared, stream>>>(d_in, d_out, p.length, g);
    return check_launch("conv1d_tiled_kernel");
  }
  conv1d_cached_halo_kernel<kBlock><<<grid, block, shared, stream>>>(d_in, d_out, p.length, g);
  check_launch("conv1d_cached_halo_kernel");
}

}  // namespace

void upload_conv1d_constant_filter(const Filter1d& f) {
  upload_to_constant(c_filter1d, f.weights, "cudaMemcpyToSymbol (conv1d constant filter)");
}

void launch_conv1d(const Conv1dParams& p, const float* d_in, float* d_out, const float* d_filter, cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);
  const Conv1dTiling g = tiling_of(p);
  const dim3 grid(l.grid.x), block(l.block.x);
  switch (p.strategy) {
    case Conv1dStrategy::basic:
      conv1d_direct_kernel<false><<<grid, block, 0, stream>>>(d_in, d_filter, d_out, p.length, g);
      return check_launch("conv1d_direct_kernel (basic)");
    case Conv1dStrategy::const_mem:
      conv1d_direct_kernel<true><<<grid, block, 0, stream>>>(d_in, nullptr, d_out, p.length, g);
      return check_launch("conv1d_direct_kernel (const_mem)");
    case Conv1dStrategy::tiled:
    case Conv1dStrategy::cached_halo:
      switch (p.tile) {
        case 256: return launch_shared<256>(p, d_in, d_out, grid, block, l.shared_bytes, stream);
        case 512: return launch_shared<512>(p, d_in, d_out, grid, block, l.shared_bytes, stream);
        case 1024: return launch_shared<1024>(p, d_in, d_out, grid, block, l.shared_bytes, stream);
        default: return launch_shared<0>(p, d_in, d_out, grid, block, l.shared_bytes, stream);
      }
    case Conv1dStrategy::fast:
      // float4 loads and stores: d_in and d_out must be 16-byte aligned, as cudaMalloc's are.
      kLaunchFastByRadius[p.filter_radius - 1](d_in, d_out, p.length, g, l.shared_bytes, stream);
      return check_launch("conv1d_fast_kernel");
  }
}

}  // namespace tilescope::cuda
