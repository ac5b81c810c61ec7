#include <cstddef>

#include "kernels/common/cuda_check.hpp"
#include "kernels/stencil3d/cells.cuh"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/kernels.cuh"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/temporal_kernels.cuh"

namespace tilescope::cuda {
namespace {

constexpr int kAxisWeights = 2 * kMaxStencil3dRadius + 1;
// c_weights[0]: centre; c_weights[1 + a * kAxisWeights + K + o]: offset o along axis a.
__constant__ float c_weights[1 + 3 * kAxisWeights];

template <int K>
__device__ __forceinline__ float c_weight(int a, int o) {
  return c_weights[1 + a * kAxisWeights + K + o];
}

// The (6K+1)-point star of PMPP 8.2 at one cell, summed in the one order every kernel uses:
// cell(a, o) is the value at offset o along axis a (0, 1, 2: x, y, z; o = 0: the cell itself).
template <int K, typename Cell>
__device__ __forceinline__ float star(Cell cell) {
  float sum = c_weights[0] * cell(0, 0);
#pragma unroll
  for (int o = 1; o <= K; ++o)
    sum += c_weight<K>(0, -o) * cell(0, -o) + c_weight<K>(0, o) * cell(0, o) + c_weight<K>(1, -o) * cell(1, -o) +
           c_weight<K>(1, o) * cell(1, o) + c_weight<K>(2, -o) * cell(2, -o) + c_weight<K>(2, o) * cell(2, o);
  return sum;
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
                                                             int width, int height, int depth, Stencil3dTiling g) {
  const StencilAxisTiling a = g.axis(0);  // all three axes alike
  const int x = a.cell(blockIdx.x, threadIdx.x), y = a.cell(blockIdx.y, threadIdx.y),
            z = a.cell(blockIdx.z, threadIdx.z);
  if (x >= width || y >= height || z >= depth) return;
  const int i = grid_index(x, y, z, width, height), sy = width, sz = width * height;
  if (!interior(x, y, z, width, height, depth, K)) {  // boundary cells keep their value
    out[i] = in[i];
    return;
  }
  out[i] = star<K>([&](int axis, int o) { return in[i + o * (axis == 0 ? 1 : axis == 1 ? sy : sz)]; });
}

// The tiled kernel's tile at the book's IN_TILE_DIM (8, the default), folded at compile time with
// the order so that its indexing is the book's constant arithmetic; kT = 0: the tile read at run time.
inline constexpr int kBookStencilTile = 8;
template <int K, int kT>
__device__ __forceinline__ StencilAxisTiling folded(const StencilAxisTiling& a) {
  return StencilAxisTiling{true, K, kT ? kT : a.tile};
}

// PMPP Fig 8.8: block = input tile T^3. Every thread loads its cell (ghost cells outside the grid
// are skipped); after the barrier the halo shell of K threads per side is deactivated.
template <int K, int kT>
__global__ void __launch_bounds__(1024) stencil_tiled_kernel(const float* __restrict__ in, float* __restrict__ out,
                                                             int width, int height, int depth, Stencil3dTiling g) {
  extern __shared__ float in_s[];
  const StencilAxisTiling a = folded<K, kT>(g.axis(0));  // all three axes alike
  const int T = a.tile, tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int x = a.cell(blockIdx.x, tx), y = a.cell(blockIdx.y, ty), z = a.cell(blockIdx.z, tz);
  const int s = (tz * T + ty) * T + tx;
  const bool inside = in_range(x, width) && in_range(y, height) && in_range(z, depth);
  if (inside) in_s[s] = in[grid_index(x, y, z, width, height)];
  __syncthreads();
  if (!inside || !a.computes(tx) || !a.computes(ty) || !a.computes(tz)) return;
  const int i = grid_index(x, y, z, width, height);
  if (!interior(x, y, z, width, height, depth, K)) {
    out[i] = in_s[s];
    return;
  }
  out[i] = star<K>([&](int axis, int o) { return in_s[s + o * (axis == 0 ? 1 : axis == 1 ? T : T * T)]; });
}

// PMPP 8.4: thread coarsening in z. A T x T block walks the T planes of its input tile; shared
// memory holds a ring of the 2K+1 planes that the current output plane needs. Step t loads plane
// z0 + t and computes plane z0 + t - K.
template <int K>
__global__ void __launch_bounds__(1024) stencil_coarsened_kernel(const float* __restrict__ in, float* __restrict__ out,
                                                                 int width, int height, int depth, Stencil3dTiling g) {
  constexpr int kPlanes = 2 * K + 1;
  extern __shared__ float in_s[];         // [kPlanes][T][T]
  const StencilAxisTiling a = g.axis(0);  // all three axes alike
  const int T = a.tile, tx = threadIdx.x, ty = threadIdx.y, plane = T * T, s = ty * T + tx;
  const int x = a.cell(blockIdx.x, tx), y = a.cell(blockIdx.y, ty), z0 = a.in_origin(blockIdx.z);
  const bool column = in_range(x, width) && in_range(y, height);
  const bool active = column && a.computes(tx) && a.computes(ty);
  for (int t = 0; t < 2 * K; ++t)
    if (column && in_range(z0 + t, depth)) in_s[t * plane + s] = in[grid_index(x, y, z0 + t, width, height)];
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
        out[i] = star<K>([&](int axis, int o) {
          return axis == 2 ? in_s[((t - K + o) % kPlanes) * plane + s] : curr[s + o * (axis == 0 ? 1 : T)];
        });
      }
    }
    __syncthreads();  // the next step overwrites the oldest plane
  }
}

// PMPP 8.5: register tiling. As coarsened, but the z neighbours are only ever read at the
// thread's own (x, y): they stay in registers, and shared memory holds just the current plane.
template <int K>
__global__ void __launch_bounds__(1024)
    stencil_register_tiled_kernel(const float* __restrict__ in, float* __restrict__ out, int width, int height,
                                  int depth, Stencil3dTiling g) {
  extern __shared__ float in_s[];         // the current plane, T x T
  const StencilAxisTiling a = g.axis(0);  // all three axes alike
  const int T = a.tile, tx = threadIdx.x, ty = threadIdx.y, s = ty * T + tx;
  const int x = a.cell(blockIdx.x, tx), y = a.cell(blockIdx.y, ty), z0 = a.in_origin(blockIdx.z);
  const bool column = in_range(x, width) && in_range(y, height);
  const bool active = column && a.computes(tx) && a.computes(ty);
  float in_z[2 * K + 1];  // planes zc - K .. zc + K of this thread's column
#pragma unroll
  for (int t = 0; t < 2 * K; ++t)
    in_z[t] = column && in_range(z0 + t, depth) ? in[grid_index(x, y, z0 + t, width, height)] : 0.0f;
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
        // z neighbours and the cell itself from registers, x and y neighbours from shared memory
        out[i] = star<K>(
            [&](int axis, int o) { return axis == 2 || o == 0 ? in_z[K + o] : in_s[s + o * (axis == 0 ? 1 : T)]; });
      }
    }
#pragma unroll
    for (int j = 0; j < 2 * K; ++j) in_z[j] = in_z[j + 1];
  }
}

// fast's z queue, planes zc - K .. zc + K of a thread's V cells (in_col: its cells at plane 0;
// planes `plane` floats apart). Zeros where the thread holds no cells (`column` false) or the
// plane is past the grid. The prologue fills planes z0 .. z0 + 2K - 1 into slots 1 .. 2K; each step
// shifts the queue before it loads the next plane: every global load sets one dependency
// scoreboard, so a move of an older plane placed after the new load waits for that load too
// (shifting last ran order 2 about 10% slower on 4 MB planes:
// bench/results/2026-11-27-h100-stencil3d-fast-loop.md).
template <int V>
__device__ __forceinline__ void fast_queue_load(const float* in_col, int z, long long plane, int depth, bool column,
                                                float (&slot)[V]) {
  if (column && in_range(z, depth))
    load_cells<V>(in_col + z * plane, slot);
  else
#pragma unroll
    for (int j = 0; j < V; ++j) slot[j] = 0.0f;
}
template <int K, int V>
__device__ __forceinline__ void fast_queue_prologue(const float* in_col, int z0, long long plane, int depth,
                                                    bool column, float (&in_z)[2 * K + 1][V]) {
#pragma unroll
  for (int s = 0; s < 2 * K; ++s) fast_queue_load<V>(in_col, z0 + s, plane, depth, column, in_z[s + 1]);
}
template <int K, int V>
__device__ __forceinline__ void fast_queue_step(const float* in_col, int z, long long plane, int depth, bool column,
                                                float (&in_z)[2 * K + 1][V]) {
#pragma unroll
  for (int q = 0; q < 2 * K; ++q)
#pragma unroll
    for (int j = 0; j < V; ++j) in_z[q][j] = in_z[q + 1][j];
  fast_queue_load<V>(in_col, z, plane, depth, column, in_z[2 * K]);
}

// What a fast thread does the same at every plane of its march, as bits: bit o - 1 (o = 1..K): it
// loads its x neighbour x0 - o itself, bit K + o - 1: x0 + V - 1 + o (the lane that holds it is
// outside its row or warp, fast_loads_x_neighbour, and the cell is in the grid); bit 2K + j: its
// cell x0 + j is interior in x. Thread t (in rows of `lanes`) holds cells of an interior row where
// `loads`; else it loads nothing. A neighbour no bit loads comes by a shuffle, and where that
// shuffle brings a cell of another row, no interior output reads it.
template <int K, int V>
__device__ __forceinline__ unsigned fast_thread_bits(int t, int lanes, int x0, int width, bool loads) {
  unsigned bits = 0;
#pragma unroll
  for (int o = 1; o <= K; ++o) {
    const int dl = -o, dr = V - 1 + o;
    if (loads && fast_loads_x_neighbour(t, dl, V, lanes) && x0 + dl >= 0) bits |= 1u << (o - 1);
    if (loads && fast_loads_x_neighbour(t, dr, V, lanes) && x0 + dr < width) bits |= 1u << (K + o - 1);
  }
#pragma unroll
  for (int j = 0; j < V; ++j)
    if (stencil_interior(x0 + j, width, K)) bits |= 1u << (2 * K + j);
  return bits;
}

// fast's x neighbours of a thread's V cells at one plane (centre: its cells there; in_col: the
// plane's cell x0): cells x0 - o come from the thread before it in the block, x0 + V - 1 + o from
// the one after (__shfl_sync within the warp, so every lane of the warp calls it), or are loaded
// where `bits` say (fast_thread_bits).
template <int K, int V>
__device__ __forceinline__ void fast_x_neighbours(const float (&centre)[V], const float* in_col, unsigned bits,
                                                  float (&left)[K], float (&right)[K]) {
  constexpr unsigned kWarpMask = 0xffffffffu;
  const int lane = threadIdx.x;
#pragma unroll
  for (int o = 1; o <= K; ++o) {
    const int dl = -o, dr = V - 1 + o;
    left[o - 1] = __shfl_sync(kWarpMask, centre[fast_component(dl, V)], lane + fast_lane_shift(dl, V));
    right[o - 1] = __shfl_sync(kWarpMask, centre[fast_component(dr, V)], lane + fast_lane_shift(dr, V));
    if (bits >> (o - 1) & 1u) left[o - 1] = __ldg(in_col + dl);
    if (bits >> (K + o - 1) & 1u) right[o - 1] = __ldg(in_col + dr);
  }
}

// fast's outputs at one plane for the thread's interior cells among x0 .. x0 + V - 1 (`bits`,
// fast_thread_bits): the z neighbours and the cells themselves from the register queue, the y
// neighbours from the rows below and above, the x neighbours from the queue's centre or left / right.
template <int K, int V>
__device__ __forceinline__ void fast_outputs(const float (&in_z)[2 * K + 1][V], const float (&below)[K][V],
                                             const float (&above)[K][V], const float (&left)[K],
                                             const float (&right)[K], unsigned bits, float (&result)[V]) {
#pragma unroll
  for (int j = 0; j < V; ++j) {
    if (!(bits >> (2 * K + j) & 1u)) continue;
    result[j] = star<K>([&](int axis, int o) {
      if (axis == 2 || o == 0) return in_z[K + o][j];
      if (axis == 1) return o < 0 ? below[-o - 1][j] : above[o - 1][j];
      if (o < 0) return j + o >= 0 ? in_z[K][j + o] : left[-o - j - 1];
      return j + o < V ? in_z[K][j + o] : right[j + o - V];
    });
  }
}

// One block of fast's column blockIdx.x, in rows of S lanes (S = 0: `lanes`, known at run time:
// the grid's last column). Thread t of the 32 x 8 block is lane t % S of row t / S; the threads
// past the block's whole rows hold no cells.
template <int K, int S>
__device__ __forceinline__ void fast_column_block(const float* __restrict__ in, float* __restrict__ out, int width,
                                                  int height, int depth, const Stencil3dTiling& g, int run_lanes) {
  constexpr int V = kFastVec;
  const int lanes = S ? S : run_lanes;
  const StencilAxisTiling ax = g.axis(0), ay = g.axis(1, blockIdx.x), az = g.axis(2);
  const int t = threadIdx.y * kFastWarp + threadIdx.x, lane = t % lanes, row = t / lanes;
  const int x0 = ax.cell(blockIdx.x, lane), y = ay.cell(blockIdx.y, row), z0 = az.in_origin(blockIdx.z);
  // its float4 may end in the padding
  const bool column = row < ay.threads() && in_range(x0, width) && in_range(y, height);
  const bool row_interior = stencil_interior(y, height, K);
  const std::size_t pitch = g.pitch, plane = pitch * height;
  const float* in_col = in + y * pitch + x0;
  const unsigned bits = fast_thread_bits<K, V>(t, lanes, x0, width, column && row_interior);
  float in_z[2 * K + 1][V];  // planes zc - K .. zc + K of this thread's V columns (fast_queue_step)
  fast_queue_prologue<K, V>(in_col, z0, static_cast<long long>(plane), depth, column, in_z);
  for (int s = 2 * K; s < az.tile; ++s) {
    const int z = z0 + s, zc = z - K;
    if (zc >= depth) break;  // the same for the whole block
    fast_queue_step<K, V>(in_col, z, static_cast<long long>(plane), depth, column, in_z);
    const std::size_t i = zc * plane;
    float result[V];
#pragma unroll
    for (int j = 0; j < V; ++j) result[j] = in_z[K][j];  // boundary and padding cells keep their value
    if (stencil_interior(zc, depth, K)) {                // block-uniform: the shuffles need every lane of the warp
      float left[K], right[K];
      const bool interior = column && row_interior;
      fast_x_neighbours<K, V>(in_z[K], in_col + i, bits, left, right);
      if (interior) {
        float below[K][V], above[K][V];  // rows y - o and y + o of this plane
#pragma unroll
        for (int o = 1; o <= K; ++o) {
          load_cells<V>(in_col + i - o * pitch, below[o - 1]);
          load_cells<V>(in_col + i + o * pitch, above[o - 1]);
        }
        fast_outputs<K, V>(in_z, below, above, left, right, bits, result);
      }
    }
    if (column) store_cells<V>(out + y * pitch + x0 + i, result);
  }
}

// Beyond the book: register tiling (PMPP 8.5) without shared memory or barriers. A row of lanes
// (a warp; in the grid's last column exactly as many as the rest of the row: fast_row_lanes) owns
// lanes x 4 consecutive cells (float4 loads and stores), a block as many such rows as its 256
// threads hold, and it marches a short z chunk. The z neighbours sit in a register queue as in
// 8.5; the x neighbours are other lanes' registers (__shfl_sync), only the lanes at a row's or a
// warp's edge load theirs; the y neighbours are plain loads that hit L1/L2 (the rows next door
// were just loaded as other threads' centres). Every thread computes 4 outputs; no thread only
// loads; no __syncthreads. Rows are g.pitch floats apart (a multiple of 4: stencil_layout), so
// every float4 is 16-byte aligned.
// Blocks per SM: fast_blocks_per_sm (order 3 would otherwise take 90 registers and fit 2).
template <int K>
__global__ void __launch_bounds__(kFastThreads, fast_blocks_per_sm(K))
    stencil_fast_kernel(const float* __restrict__ in, float* __restrict__ out, int width, int height, int depth,
                        Stencil3dTiling g) {
  const int lanes = g.row_lanes(blockIdx.x);
  if (lanes == kFastWarp) return fast_column_block<K, kFastWarp>(in, out, width, height, depth, g, lanes);
  if (g.fast_block_idle(blockIdx.x, blockIdx.y, height)) return;
  fast_column_block<K, 0>(in, out, width, height, depth, g, lanes);
}

// fast on a flattened plane (fast_flat), the 4 cells at `at` + d (at: a thread's float4-aligned
// cells; d: o rows away, S = d mod 4 cells past a float4 boundary, known at compile time): the
// aligned float4 before them and, where S > 0, the one after (both mostly L1 hits), the 4 cells
// picked from the 8. Taking the cells past the first float4 from the next lane by shuffles instead
// cost about 25% at order 3 (bench/results/2026-11-27-h100-stencil3d-flat-plane.md).
template <int S>
__device__ __forceinline__ void load_shifted_cells(const float* at, long long d, float (&v)[kFastVec]) {
  float a[kFastVec];
  load_cells<kFastVec>(at + d - S, a);
  if constexpr (S == 0) {
#pragma unroll
    for (int j = 0; j < kFastVec; ++j) v[j] = a[j];
  } else {
    float b[kFastVec];
    load_cells<kFastVec>(at + d - S + kFastVec, b);
#pragma unroll
    for (int j = 0; j < kFastVec; ++j) v[j] = j + S < kFastVec ? a[j + S] : b[j + S - kFastVec];
  }
}
template <int M>  // M: the row pitch mod 4 (compile time), d = o rows
__device__ __forceinline__ void load_row_cells(const float* at, int o, int pitch, float (&v)[kFastVec]) {
  switch (((o * M) % kFastVec + kFastVec) % kFastVec) {  // a constant once the caller's loop unrolls
    case 0: return load_shifted_cells<0>(at, 1LL * o * pitch, v);
    case 1: return load_shifted_cells<1>(at, 1LL * o * pitch, v);
    case 2: return load_shifted_cells<2>(at, 1LL * o * pitch, v);
    default: return load_shifted_cells<3>(at, 1LL * o * pitch, v);
  }
}

// fast on a flattened plane (fast_flat; M = the width mod 4): rows dense, planes g.plane floats
// apart (a multiple of 4). Thread t of block b owns the 4 cells f0 = (b * 256 + t) * 4 .. f0 + 3 of
// every plane of its z chunk: a float4 that may hold the end of one row and the start of the next.
// As fast: z neighbours in the register queue, x neighbours from the lanes beside it (__shfl_sync;
// lane 0 and lane 31 of each warp load those past the warp), y neighbours o rows (o W cells) away
// as one or two aligned float4s (load_shifted_cells). Lanes past the plane's padded end hold zeros
// and store nothing; a shuffle brings one only into the plane's last row, which no interior output
// reads.
template <int K, int M>
__global__ void __launch_bounds__(kFastThreads, fast_blocks_per_sm(K))
    stencil_fast_flat_kernel(const float* __restrict__ in, float* __restrict__ out, int width, int height, int depth,
                             Stencil3dTiling g) {
  constexpr int V = kFastVec;
  constexpr unsigned kWarpMask = 0xffffffffu;
  const int t = threadIdx.y * kFastWarp + threadIdx.x, lane = threadIdx.x;
  const long long f0 = (1LL * blockIdx.x * kFastThreads + t) * V, cells = 1LL * width * height;
  const bool owns = f0 < g.plane;
  const StencilAxisTiling az = g.axis(2);
  const int z0 = az.in_origin(blockIdx.z);
  // Which of its 4 cells are interior in x and y (bit j: cell f0 + j); z is per plane.
  unsigned interior = 0;
  {
    int x = int(f0 % width), y = int(f0 / width);
#pragma unroll
    for (int j = 0; j < V; ++j) {
      if (f0 + j < cells && stencil_interior(x, width, K) && stencil_interior(y, height, K)) interior |= 1u << j;
      if (++x == width) x = 0, ++y;
    }
  }
  const bool loads_left = interior && lane == 0, loads_right = interior && lane == kFastWarp - 1;
  const float* in_col = in + f0;
  float in_z[2 * K + 1][V];
  fast_queue_prologue<K, V>(in_col, z0, g.plane, depth, owns, in_z);
  for (int s = 2 * K; s < az.tile; ++s) {
    const int z = z0 + s, zc = z - K;
    if (zc >= depth) break;  // the same for the whole block
    fast_queue_step<K, V>(in_col, z, g.plane, depth, owns, in_z);
    const long long i = zc * g.plane;
    float result[V];
#pragma unroll
    for (int j = 0; j < V; ++j) result[j] = in_z[K][j];  // boundary and padding cells keep their value
    if (stencil_interior(zc, depth, K)) {                // block-uniform: the shuffles need every lane of the warp
      float left[K], right[K];
#pragma unroll
      for (int o = 1; o <= K; ++o) {
        const int dl = -o, dr = V - 1 + o;
        left[o - 1] = __shfl_sync(kWarpMask, in_z[K][fast_component(dl, V)], lane + fast_lane_shift(dl, V));
        right[o - 1] = __shfl_sync(kWarpMask, in_z[K][fast_component(dr, V)], lane + fast_lane_shift(dr, V));
        if (loads_left) left[o - 1] = __ldg(in_col + i + dl);
        if (loads_right) right[o - 1] = __ldg(in_col + i + dr);
      }
      if (interior) {
        float below[K][V], above[K][V];  // rows y - o and y + o: o * width cells before and after
#pragma unroll
        for (int o = 1; o <= K; ++o) {
          load_row_cells<M>(in_col + i, -o, width, below[o - 1]);
          load_row_cells<M>(in_col + i, o, width, above[o - 1]);
        }
        fast_outputs<K, V>(in_z, below, above, left, right, interior << (2 * K), result);
      }
    }
    if (owns) store_cells<V>(out + f0 + i, result);
  }
}

__global__ void inject_heat_kernel(HeatSources sources, float* grid, int width, int height, int depth,
                                   StencilGridLayout layout) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  for (int z = blockIdx.z; z < depth; z += gridDim.z) {
    const float t = heat_source_value(sources, x, y, z);
    if (t >= 0.0f) grid[z * layout.plane + 1LL * y * layout.row + x] = t;
  }
}

using Kernel = void (*)(const float*, float*, int, int, int, Stencil3dTiling);

template <int K>
Kernel kernel_for(const Stencil3dTiling& g) {
  switch (g.strategy) {
    case Stencil3dStrategy::basic: return stencil_basic_kernel<K>;
    case Stencil3dStrategy::tiled:
      return g.axis(0).tile == kBookStencilTile ? stencil_tiled_kernel<K, kBookStencilTile>
                                                : stencil_tiled_kernel<K, 0>;
    case Stencil3dStrategy::coarsened: return stencil_coarsened_kernel<K>;
    case Stencil3dStrategy::register_tiled: return stencil_register_tiled_kernel<K>;
    case Stencil3dStrategy::fast:
      if (!g.flat) return stencil_fast_kernel<K>;
      switch (g.pitch % kFastVec) {  // a flattened plane's width is not a multiple of 4 (fast_flat)
        case 1: return stencil_fast_flat_kernel<K, 1>;
        case 2: return stencil_fast_flat_kernel<K, 2>;
        default: return stencil_fast_flat_kernel<K, 3>;
      }
    case Stencil3dStrategy::temporal: return nullptr;  // temporal_kernels.cu
  }
  return nullptr;
}

Kernel kernel_for(const Stencil3dParams& p) {
  switch (p.order) {
    case 1: return kernel_for<1>(tiling_of(p));
    case 2: return kernel_for<2>(tiling_of(p));
    default: return kernel_for<3>(tiling_of(p));
  }
}

const char* kernel_name(Stencil3dStrategy s) {
  switch (s) {
    case Stencil3dStrategy::basic: return "stencil_basic_kernel";
    case Stencil3dStrategy::tiled: return "stencil_tiled_kernel";
    case Stencil3dStrategy::coarsened: return "stencil_coarsened_kernel";
    case Stencil3dStrategy::register_tiled: return "stencil_register_tiled_kernel";
    case Stencil3dStrategy::fast: return "stencil_fast_kernel";
    case Stencil3dStrategy::temporal: return "stencil_temporal_kernel";
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
  upload_temporal_weights(weights, sizeof(weights));
}

void launch_stencil3d(const Stencil3dParams& p, const float* d_in, float* d_out, cudaStream_t stream) {
  if (p.strategy == Stencil3dStrategy::temporal)
    return launch_stencil3d_temporal(p, tiling_of(p).fused, d_in, d_out, stream);
  const Stencil3dLaunch l = launch_geometry(p);
  const dim3 grid(l.grid.x, l.grid.y, l.grid.z), block(l.block.x, l.block.y, l.block.z);
  kernel_for(p)<<<grid, block, l.shared_bytes, stream>>>(d_in, d_out, p.width, p.height, p.depth, tiling_of(p));
  check_launch(kernel_name(p.strategy));
}

void launch_inject_heat(const HeatSources& s, float* d_grid, int width, int height, int depth,
                        const StencilGridLayout& layout) {
  const dim3 block(32, 8), grid((width + 31) / 32, (height + 7) / 8, depth < 65535 ? depth : 65535);
  inject_heat_kernel<<<grid, block>>>(s, d_grid, width, height, depth, layout);
  check_launch("inject_heat_kernel");
}

int max_active_blocks_per_sm(const Stencil3dParams& p) {
  if (p.strategy == Stencil3dStrategy::temporal) return temporal_blocks_per_sm(p);
  const Stencil3dLaunch l = launch_geometry(p);
  int blocks = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel_for(p), l.threads_per_block, l.shared_bytes),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return blocks;
}

}  // namespace tilescope::cuda
