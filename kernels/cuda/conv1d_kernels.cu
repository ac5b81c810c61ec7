#include "kernels/conv1d_geometry.hpp"
#include "kernels/conv1d_launch.hpp"
#include "kernels/cuda/conv1d_kernels.cuh"
#include "kernels/cuda/cuda_check.hpp"

namespace tilescope::cuda {
namespace {

__constant__ float c_filter1d[2 * kMaxConv1dRadius + 1];

// PMPP 3rd ed. 7.2 / 7.3: one thread per output, N from global memory; the filter from global
// memory (basic, 0.25 OP/B) or from constant memory (const_mem, 0.5 OP/B). Ghost taps are skipped.
template <bool kConstFilter>
__global__ void conv1d_direct_kernel(const float* __restrict__ N, const float* __restrict__ F,
                                     float* __restrict__ P, int length, Conv1dTiling g) {
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
__device__ __forceinline__ void load_slot(float* N_s, const float* __restrict__ N, int length,
                                          const Conv1dTiling& g, int slot) {
  const int k = g.shared_coord(blockIdx.x, slot);
  N_s[slot] = in_range(k, length) ? N[k] : 0.0f;
}

// PMPP 3rd ed. 7.4: the block stages n halo + blockDim + n halo cells; the last n threads
// fetch the left halo, the first n threads the right halo. After the barrier every tap reads
// shared memory.
__global__ void conv1d_tiled_kernel(const float* __restrict__ N, float* __restrict__ P, int length,
                                    Conv1dTiling g) {
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
__global__ void conv1d_cached_halo_kernel(const float* __restrict__ N, float* __restrict__ P, int length,
                                          Conv1dTiling g) {
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

}  // namespace

void upload_conv1d_constant_filter(const Filter1d& f) {
  check(cudaMemcpyToSymbol(c_filter1d, f.weights.data(), f.weights.size() * sizeof(float)),
        "cudaMemcpyToSymbol (conv1d constant filter)");
}

void launch_conv1d(const Conv1dParams& p, const float* d_in, float* d_out, const float* d_filter,
                   cudaStream_t stream) {
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
      conv1d_tiled_kernel<<<grid, block, l.shared_bytes, stream>>>(d_in, d_out, p.length, g);
      return check_launch("conv1d_tiled_kernel");
    case Conv1dStrategy::cached_halo:
      conv1d_cached_halo_kernel<<<grid, block, l.shared_bytes, stream>>>(d_in, d_out, p.length, g);
      return check_launch("conv1d_cached_halo_kernel");
  }
}

}  // namespace tilescope::cuda
