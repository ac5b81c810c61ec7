#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/stencil3d_kernels.cuh"
#include "kernels/stencil3d_geometry.hpp"
#include "kernels/stencil3d_model.hpp"

namespace tilescope::cuda {
namespace {

constexpr int kAxisWeights = 2 * kMaxStencilOrder + 1;
// c_weights[0]: centre; c_weights[1 + a * kAxisWeights + K + o]: offset o along axis a.
__constant__ float c_weights[1 + 3 * kAxisWeights];

template <int K>
__device__ __forceinline__ float c_weight(int a, int o) {
  return c_weights[1 + a * kAxisWeights + K + o];
}

__device__ __forceinline__ int grid_index(int x, int y, int z, int width, int height) {
  return (z * height + y) * width + x;
}

__device__ __forceinline__ bool interior(int x, int y, int z, int width, int height, int depth, int k) {
  return stencil_interior(x, width, k) && stencil_interior(y, height, k) && stencil_interior(z, depth, k);
}

// PMPP 8.2: one thread per grid point; all 6K+1 points are global loads (13 ops / 28 B at K=1).
template <int K>
__global__ void __launch_bounds__(1024) stencil_basic_kernel(const float* __restrict__ in, float* __restrict__ out,
                                                            int width, int height, int depth, StencilAxisTiling a) {
  const int x = a.cell(blockIdx.x, threadIdx.x), y = a.cell(blockIdx.y, threadIdx.y), z = a.cell(blockIdx.z, threadIdx.z);
  if (x >= width || y >= height || z >= depth) return;
  const int i = grid_index(x, y, z, width, height), sy = width, sz = width * height;
  if (!interior(x, y, z, width, height, depth, K)) {  // boundary cells keep their value
    out[i] = in[i];
    return;
  }
  float sum = c_weights[0] * in[i];
#pragma unroll
  for (int o = 1; o <= K; ++o)
    sum += c_weight<K>(0, -o) * in[i - o] + c_weight<K>(0, o) * in[i + o] + c_weight<K>(1, -o) * in[i - o * sy] +
           c_weight<K>(1, o) * in[i + o * sy] + c_weight<K>(2, -o) * in[i - o * sz] + c_weight<K>(2, o) * in[i + o * sz];
  out[i] = sum;
}

// PMPP Fig 8.8: block = input tile T^3. Every thread loads its cell (ghost cells outside the grid
// are skipped); after the barrier the halo shell of K threads per side is deactivated.
template <int K>
__global__ void __launch_bounds__(1024) stencil_tiled_kernel(const float* __restrict__ in, float* __restrict__ out,
                                                            int width, int height, int depth, StencilAxisTiling a) {
  extern __shared__ float in_s[];
  const int T = a.tile, tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int x = a.cell(blockIdx.x, tx), y = a.cell(blockIdx.y, ty), z = a.cell(blockIdx.z, tz);
  const int s = (tz * T + ty) * T + tx;
  const bool inside = stencil_in_range(x, width) && stencil_in_range(y, height) && stencil_in_range(z, depth);
  if (inside) in_s[s] = in[grid_index(x, y, z, width, height)];
  __syncthreads();
  if (!inside || !a.computes(tx) || !a.computes(ty) || !a.computes(tz)) return;
  const int i = grid_index(x, y, z, width, height);
  if (!interior(x, y, z, width, height, depth, K)) {
    out[i] = in_s[s];
    return;
  }
  float sum = c_weights[0] * in_s[s];
#pragma unroll
  for (int o = 1; o <= K; ++o)
    sum += c_weight<K>(0, -o) * in_s[s - o] + c_weight<K>(0, o) * in_s[s + o] + c_weight<K>(1, -o) * in_s[s - o * T] +
           c_weight<K>(1, o) * in_s[s + o * T] + c_weight<K>(2, -o) * in_s[s - o * T * T] +
           c_weight<K>(2, o) * in_s[s + o * T * T];
  out[i] = sum;
}

// PMPP 8.4: thread coarsening in z. A T x T block walks the T planes of its input tile; shared
// memory holds a ring of the 2K+1 planes that the current output plane needs. Step t loads plane
// z0 + t and computes plane z0 + t - K.
template <int K>
__global__ void __launch_bounds__(1024) stencil_coarsened_kernel(const float* __restrict__ in, float* __restrict__ out,
                                                                int width, int height, int depth, StencilAxisTiling a) {
  constexpr int kPlanes = 2 * K + 1;
  extern __shared__ float in_s[];  // [kPlanes][T][T]
  const int T = a.tile, tx = threadIdx.x, ty = threadIdx.y, plane = T * T, s = ty * T + tx;
  const int x = a.cell(blockIdx.x, tx), y = a.cell(blockIdx.y, ty), z0 = a.in_origin(blockIdx.z);
  const bool column = stencil_in_range(x, width) && stencil_in_range(y, height);
  const bool active = column && a.computes(tx) && a.computes(ty);
  for (int t = 0; t < 2 * K; ++t)
    if (column && stencil_in_range(z0 + t, depth)) in_s[t * plane + s] = in[grid_index(x, y, z0 + t, width, height)];
  for (int t = 2 * K; t < T; ++t) {
    const int z = z0 + t, zc = z - K;
    if (zc >= depth) break;  // the same for the whole block
    if (column && z < depth) in_s[(t % kPlanes) * plane + s] = in[grid_index(x, y, z, width, height)];
    __syncthreads();
    if (active) {
      const float* curr = in_s + ((t - K) % kPlanes) * plane;
      const int i = grid_index(x, y, zc, width, height);
      if (!interior(x, y, zc, width, height, depth, K)) {
        out[i] = curr[s];
      } else {
        float sum = c_weights[0] * curr[s];
#pragma unroll
        for (int o = 1; o <= K; ++o)
          sum += c_weight<K>(0, -o) * curr[s - o] + c_weight<K>(0, o) * curr[s + o] +
                 c_weight<K>(1, -o) * curr[s - o * T] + c_weight<K>(1, o) * curr[s + o * T] +
                 c_weight<K>(2, -o) * in_s[((t - K - o) % kPlanes) * plane + s] +
                 c_weight<K>(2, o) * in_s[((t - K + o) % kPlanes) * plane + s];
        out[i] = sum;
      }
    }
    __syncthreads();  // the next step overwrites the oldest plane
  }
}

// PMPP 8.5: register tiling. As coarsened, but the z neighbours are only ever read at the
// thread's own (x, y): they stay in registers, and shared memory holds just the current plane.
template <int K>
__global__ void __launch_bounds__(1024) stencil_register_tiled_kernel(const float* __restrict__ in,
                                                                     float* __restrict__ out, int width, int height,
                                                                     int depth, StencilAxisTiling a) {
  extern __shared__ float in_s[];  // the current plane, T x T
  const int T = a.tile, tx = threadIdx.x, ty = threadIdx.y, s = ty * T + tx;
  const int x = a.cell(blockIdx.x, tx), y = a.cell(blockIdx.y, ty), z0 = a.in_origin(blockIdx.z);
  const bool column = stencil_in_range(x, width) && stencil_in_range(y, height);
  const bool active = column && a.computes(tx) && a.computes(ty);
  float in_z[2 * K + 1];  // planes zc - K .. zc + K of this thread's column
#pragma unroll
  for (int t = 0; t < 2 * K; ++t)
    in_z[t] = column && stencil_in_range(z0 + t, depth) ? in[grid_index(x, y, z0 + t, width, height)] : 0.0f;
  for (int t = 2 * K; t < T; ++t) {
    const int z = z0 + t, zc = z - K;
    if (zc >= depth) break;  // the same for the whole block
    in_z[2 * K] = column && z < depth ? in[grid_index(x, y, z, width, height)] : 0.0f;
    __syncthreads();  // everyone is done reading the previous plane
    in_s[s] = in_z[K];
    __syncthreads();
    if (active) {
      const int i = grid_index(x, y, zc, width, height);
      if (!interior(x, y, zc, width, height, depth, K)) {
        out[i] = in_z[K];
      } else {
        float sum = c_weights[0] * in_z[K];
#pragma unroll
        for (int o = 1; o <= K; ++o)
          sum += c_weight<K>(0, -o) * in_s[s - o] + c_weight<K>(0, o) * in_s[s + o] +
                 c_weight<K>(1, -o) * in_s[s - o * T] + c_weight<K>(1, o) * in_s[s + o * T] +
                 c_weight<K>(2, -o) * in_z[K - o] + c_weight<K>(2, o) * in_z[K + o];
        out[i] = sum;
      }
    }
#pragma unroll
    for (int j = 0; j < 2 * K; ++j) in_z[j] = in_z[j + 1];
  }
}

__global__ void inject_heat_kernel(HeatSources sources, float* grid, int width, int height, int depth) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  for (int z = blockIdx.z; z < depth; z += gridDim.z) {
    const float t = heat_source_value(sources, x, y, z);
    if (t >= 0.0f) grid[grid_index(x, y, z, width, height)] = t;
  }
}

using Kernel = void (*)(const float*, float*, int, int, int, StencilAxisTiling);

template <int K>
Kernel kernel_for(Stencil3dStrategy s) {
  switch (s) {
    case Stencil3dStrategy::basic: return stencil_basic_kernel<K>;
    case Stencil3dStrategy::tiled: return stencil_tiled_kernel<K>;
    case Stencil3dStrategy::coarsened: return stencil_coarsened_kernel<K>;
    case Stencil3dStrategy::register_tiled: return stencil_register_tiled_kernel<K>;
  }
  return nullptr;
}

Kernel kernel_for(const Stencil3dParams& p) {
  switch (p.order) {
    case 1: return kernel_for<1>(p.strategy);
    case 2: return kernel_for<2>(p.strategy);
    default: return kernel_for<3>(p.strategy);
  }
}

const char* kernel_name(Stencil3dStrategy s) {
  switch (s) {
    case Stencil3dStrategy::basic: return "stencil_basic_kernel";
    case Stencil3dStrategy::tiled: return "stencil_tiled_kernel";
    case Stencil3dStrategy::coarsened: return "stencil_coarsened_kernel";
    case Stencil3dStrategy::register_tiled: return "stencil_register_tiled_kernel";
  }
  return "stencil kernel";
}

}  // namespace

void upload_stencil_coeffs(const StencilCoeffs& c) {
  float weights[1 + 3 * kAxisWeights] = {};
  weights[0] = c.centre;
  for (int a = 0; a < 3; ++a)
    for (int o = -c.order; o <= c.order; ++o)
      if (o != 0) weights[1 + a * kAxisWeights + c.order + o] = c.weight(a, o);
  check(cudaMemcpyToSymbol(c_weights, weights, sizeof(weights)), "cudaMemcpyToSymbol (stencil coefficients)");
}

void launch_stencil3d(const Stencil3dParams& p, const float* d_in, float* d_out, cudaStream_t stream) {
  const Stencil3dLaunch l = stencil3d_launch(p);
  const dim3 grid(l.grid.x, l.grid.y, l.grid.z), block(l.block.x, l.block.y, l.block.z);
  kernel_for(p)<<<grid, block, l.shared_bytes, stream>>>(d_in, d_out, p.width, p.height, p.depth,
                                                          tiling_of(p).axis());
  check_launch(kernel_name(p.strategy));
}

void launch_inject_heat(const HeatSources& s, float* d_grid, int width, int height, int depth) {
  const dim3 block(32, 8), grid((width + 31) / 32, (height + 7) / 8, depth < 65535 ? depth : 65535);
  inject_heat_kernel<<<grid, block>>>(s, d_grid, width, height, depth);
  check_launch("inject_heat_kernel");
}

int max_active_blocks_per_sm(const Stencil3dParams& p) {
  const Stencil3dLaunch l = stencil3d_launch(p);
  int blocks = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel_for(p), l.threads_per_block, l.shared_bytes),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return blocks;
}

}  // namespace tilescope::cuda
