#include <string>

#include "kernels/common/copy_async.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/filter_rank.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/kernels.cuh"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/sliding.cuh"

namespace tilescope::cuda {
namespace {

constexpr int kMaxFilterDim = 2 * kMaxConv2dRadius + 1;
// Tiles go up to 32x32: every kernel must fit 1024 threads in an SM's registers (the fully
// unrolled 17x17 loops would otherwise ask for more and fail with "too many resources").
constexpr int kMaxBlockThreads = 1024;
__constant__ float c_filter[kMaxFilterDim * kMaxFilterDim];
// separable's factors of a rank-1 filter: c_filter(fx, fy) = c_column[fy] * c_row[fx].
__constant__ float c_row[kMaxFilterDim];
__constant__ float c_column[kMaxFilterDim];

// The geometry as a kernel of strategy S at radius R reads it: both are compile-time constants
// there, and so is the tile where the book has a constant (kTile = 16 or 32, the tiles bench
// runs; 0: the app's other slider positions, read at run time), so every geometry call folds
// to the book's index arithmetic. A kernel beyond the book folds the axis too (kAxis 0 or 1; -1:
// read at run time, as the book's kernels do): separable's row-pass units, divided out of a loop
// index, then divide by a constant.
template <Conv2dStrategy S, int R, int kTile, int kAxis = -1>
__device__ __forceinline__ Conv2dTiling folded(const Conv2dTiling& g) {
  return Conv2dTiling{S, R, kTile ? kTile : g.tile, kAxis < 0 ? g.axis : kAxis};
}

// PMPP Fig 7.7 / 7.9: one thread per output, input from global memory; the filter from global
// memory (basic, 0.25 OP/B) or constant memory (const_mem, 0.5 OP/B). This is the figure's code
// as the compiler must see it to run at the figure's speed: the block's origin at run time (the
// figure's blockDim; here the tile of g_run), loops the compiler unrolls as it likes, no
// __restrict__ and no launch bounds. Each of those, or folding the tile as the shared-memory
// kernels do, made a different schedule that ran up to 1.24x (1.8x combined) the figure's time at
// r = 2..5 (bench/studies/2026-11-25-direct-kernel.md); this one compiles to the figure's PTX.
template <int R, bool kConstFilter>
__global__ void conv2d_direct_kernel(const float* N, const float* F, float* P, int width, int height,
                                     Conv2dTiling g_run) {
  constexpr int D = 2 * R + 1;
  const Conv2dTiling g = folded < kConstFilter ? Conv2dStrategy::const_mem : Conv2dStrategy::basic, R, 0 > (g_run);
  const int col = g.out_coord(blockIdx.x, threadIdx.x), row = g.out_coord(blockIdx.y, threadIdx.y);
  if (col >= width || row >= height) return;
  float sum = 0.0f;
  for (int fy = 0; fy < D; ++fy) {
    for (int fx = 0; fx < D; ++fx) {
      const int y = row - R + fy, x = col - R + fx;
      if (y >= 0 && y < height && x >= 0 && x < width)  // ghost cells are skipped
        sum += (kConstFilter ? c_filter[fy * D + fx] : F[fy * D + fx]) * N[y * width + x];
    }
  }
  P[row * width + col] = sum;
}

// The D x D taps of the constant-memory filter over a shared tile of row length S whose window
// starts at row y, column x: the inner loop of the book's shared-memory kernels (Fig 7.12 and the
// output-tile exercise).
template <int R>
__device__ __forceinline__ float taps_from_shared(const float* N_s, int S, int y, int x) {
  constexpr int D = 2 * R + 1;
  float sum = 0.0f;
#pragma unroll
  for (int fy = 0; fy < D; ++fy)
#pragma unroll
    for (int fx = 0; fx < D; ++fx) sum += c_filter[fy * D + fx] * N_s[(y + fy) * S + (x + fx)];
  return sum;
}

// PMPP Fig 7.12: block = input tile. Every thread loads one cell (zero for ghost cells); after
// the barrier the outer ring of R threads is deactivated and the rest compute from shared memory.
template <int R, int kTile>
__global__ void __launch_bounds__(kMaxBlockThreads)
    conv2d_tiled_in_kernel(const float* __restrict__ N, float* __restrict__ P, int width, int height,
                           Conv2dTiling g_run) {
  const Conv2dTiling g = folded<Conv2dStrategy::tiled_in, R, kTile>(g_run);
  extern __shared__ float N_s[];
  const int S = g.shared_dim(), tx = threadIdx.x, ty = threadIdx.y;
  const int col = g.shared_origin(blockIdx.x) + tx, row = g.shared_origin(blockIdx.y) + ty;
  N_s[ty * S + tx] = in_range(col, width) && in_range(row, height) ? N[row * width + col] : 0.0f;
  __syncthreads();
  if (!g.computes(tx) || !g.computes(ty)) return;  // the halo ring only loads
  if (col >= width || row >= height) return;
  P[row * width + col] = taps_from_shared<R>(N_s, S, ty - R, tx - R);
}

// Chapter 7 exercise: block = output tile. The (T+2R)^2 input tile is larger than the block, so
// each thread loads cells i, i + T^2, ... of it; then every thread computes one output.
template <int R, int kTile>
__global__ void __launch_bounds__(kMaxBlockThreads)
    conv2d_tiled_out_kernel(const float* __restrict__ N, float* __restrict__ P, int width, int height,
                            Conv2dTiling g_run) {
  const Conv2dTiling g = folded<Conv2dStrategy::tiled_out, R, kTile>(g_run);
  extern __shared__ float N_s[];
  const int S = g.shared_dim(), T = g.block_dim(), tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = g.shared_origin(blockIdx.x), y0 = g.shared_origin(blockIdx.y);
  for (int i = ty * T + tx; i < S * S; i += T * T) {
    const int x = x0 + i % S, y = y0 + i / S;
    N_s[i] = in_range(x, width) && in_range(y, height) ? N[y * width + x] : 0.0f;
  }
  __syncthreads();
  const int col = g.out_coord(blockIdx.x, tx), row = g.out_coord(blockIdx.y, ty);
  if (col >= width || row >= height) return;
  P[row * width + col] = taps_from_shared<R>(N_s, S, ty, tx);
}

// PMPP Fig 7.15: block = tile; only the tile's own cells go to shared memory. A tap inside the
// tile reads shared memory, a halo tap reads global memory (hoping for an L2 hit), a ghost tap
// is skipped.
template <int R, int kTile>
__global__ void __launch_bounds__(kMaxBlockThreads)
    conv2d_cached_halo_kernel(const float* __restrict__ N, float* __restrict__ P, int width, int height,
                              Conv2dTiling g_run) {
  constexpr int D = 2 * R + 1;
  const Conv2dTiling g = folded<Conv2dStrategy::cached_halo, R, kTile>(g_run);
  extern __shared__ float N_s[];
  const int T = g.shared_dim(), tx = threadIdx.x, ty = threadIdx.y;
  const int col = g.out_coord(blockIdx.x, tx), row = g.out_coord(blockIdx.y, ty);
  N_s[ty * T + tx] = col < width && row < height ? N[row * width + col] : 0.0f;
  __syncthreads();
  if (col >= width || row >= height) return;
  float sum = 0.0f;
#pragma unroll
  for (int fy = 0; fy < D; ++fy) {
#pragma unroll
    for (int fx = 0; fx < D; ++fx) {
      const int y = row - R + fy, x = col - R + fx;
      if (g.in_shared(blockIdx.x, x) && g.in_shared(blockIdx.y, y))
        sum += c_filter[fy * D + fx] * N_s[(ty - R + fy) * T + (tx - R + fx)];
      else if (in_range(x, width) && in_range(y, height))
        sum += c_filter[fy * D + fx] * N[y * width + x];
    }
  }
  P[row * width + col] = sum;
}

// Calls f(column, row) for every cell of a cols x rows grid, thread tid of `threads` taking cells
// tid, tid + threads, ... in row-major order (consecutive threads, consecutive columns). The
// (row, column) pair is stepped rather than divided out for every cell, so the loop stays short.
template <class F>
__device__ __forceinline__ void for_each_cell(int cols, int rows, int threads, int tid, F f) {
  const int step_y = threads / cols, step_x = threads % cols;
  for (int y = tid / cols, x = tid % cols; y < rows;) {
    f(x, y);
    x += step_x, y += step_y;
    if (x >= cols) x -= cols, ++y;
  }
}

// Stages the block's Sx x Sy shared tile in float4s from rows `pitch` floats apart (a multiple of
// 4, conv2d_row_pitch), each wholly inside the padded row or past it. A ghost unit selects offset 0
// instead of branching: this loop is most of the non-FMA instructions.
__device__ __forceinline__ void stage_tile(const float* __restrict__ N, float* N_s, int pitch, int height,
                                           const Conv2dTiling& gx, const Conv2dTiling& gy) {
  const int Sx = gx.shared_dim(), Sy = gy.shared_dim();
  const int x0 = gx.shared_origin(blockIdx.x), y0 = gy.shared_origin(blockIdx.y);
  const int tid = threadIdx.y * gx.block_dim() + threadIdx.x;
  for_each_cell(Sx / kFloat4, Sy, gx.block_dim() * gy.block_dim(), tid, [&](int su, int sy) {
    const int x = x0 + su * kFloat4, y = y0 + sy;
    const bool inside = in_range(x, pitch) && in_range(y, height);
    copy_async<4>(N_s + sy * Sx + su * kFloat4, N + (inside ? y * pitch + x : 0), inside);
  });
  copy_async_wait();
}

// stage_tile's copies of staged rows first..last-1 only, without waiting for them: separable's
// staging groups (kSeparableStagingGroups). Not folded into stage_tile: written as stage_rows(0, Sy)
// and a wait, stage_tile made different code for fast (its PTX changed at every radius), the kernel
// measured at 85-97% of a copy; kept apart, every kernel but separable's at r >= 5 compiles as before.
__device__ __forceinline__ void stage_rows(const float* __restrict__ N, float* N_s, int pitch, int height,
                                           const Conv2dTiling& gx, const Conv2dTiling& gy, int first, int last) {
  const int Sx = gx.shared_dim();
  const int x0 = gx.shared_origin(blockIdx.x), y0 = gy.shared_origin(blockIdx.y) + first;
  const int tid = threadIdx.y * gx.block_dim() + threadIdx.x;
  float* rows_s = N_s + first * Sx;
  for_each_cell(Sx / kFloat4, last - first, gx.block_dim() * gy.block_dim(), tid, [&](int su, int sy) {
    const int x = x0 + su * kFloat4, y = y0 + sy;
    const bool inside = in_range(x, pitch) && in_range(y, height);
    copy_async<4>(rows_s + sy * Sx + su * kFloat4, N + (inside ? y * pitch + x : 0), inside);
  });
}

// Writes the block's output tile, thread (tx, ty) holding the Rows x 4 patch whose first output is
// (gx.out_coord(bx, tx), gy.out_coord(by, ty)): each patch row one float4 store into rows `pitch`
// floats apart, a warp's stores consecutive. A patch that reaches past the image writes its last
// columns into the row's padding.
template <int Rows>
__device__ __forceinline__ void store_tile(const float (&acc)[Rows][kFloat4], float* __restrict__ P, int pitch,
                                           int height, const Conv2dTiling& gx, const Conv2dTiling& gy) {
  const int col = gx.out_coord(blockIdx.x, threadIdx.x), row0 = gy.out_coord(blockIdx.y, threadIdx.y);
  if (col >= pitch) return;
#pragma unroll
  for (int oy = 0; oy < Rows; ++oy) {
    if (row0 + oy >= height) return;
    *reinterpret_cast<float4*>(P + (row0 + oy) * pitch + col) =
        make_float4(acc[oy][0], acc[oy][1], acc[oy][2], acc[oy][3]);
  }
}

// The float4s of a staged row that C = kFastCoarsening consecutive outputs read, from their first
// output's column in a tile staged with Hx halo columns: the window's 2R + C cells start Hx - R
// cells in, in the float4 at `first` (a multiple of 4); `skip` of its cells come before the window.
template <int R, int Hx>
struct RowWindow {
  static constexpr int C = kFastCoarsening;
  static constexpr int first = (Hx - R) / kFloat4 * kFloat4, skip = Hx - R - first;
  static constexpr int vectors = (skip + 2 * R + C + kFloat4 - 1) / kFloat4;
  // The window's cells from `row`, the staged row at the outputs' first column: in[skip + i] is
  // window cell i.
  __device__ __forceinline__ static void load(const float* row, float (&in)[kFloat4 * vectors]) {
#pragma unroll
    for (int v = 0; v < vectors; ++v) {
      const float4 q = reinterpret_cast<const float4*>(row + first)[v];
      in[4 * v] = q.x, in[4 * v + 1] = q.y, in[4 * v + 2] = q.z, in[4 * v + 3] = q.w;
    }
  }
};

// Beyond the book: thread coarsening with register reuse. Each thread computes a C x C patch of
// consecutive outputs (C = kFastCoarsening). It walks the C + 2R input rows of its window: one
// row is read from shared memory as float4 into registers and feeds every output of the patch
// whose filter covers that row, so one shared load serves up to C x C multiply-adds. Loops are
// fully unrolled on R, so every filter index is a compile-time constant and each tap is an FFMA
// with a warp-uniform constant operand, no load instruction.
template <int R>
__global__ void __launch_bounds__(kMaxBlockThreads)
    conv2d_fast_kernel(const float* __restrict__ N, float* __restrict__ P, int pitch, int height, Conv2dTiling gx) {
  Conv2dTiling gy = gx;  // the same tiling along y
  gy.axis = 1;
  using W = RowWindow<R, fast_halo(R, 0)>;
  constexpr int C = kFastCoarsening, D = 2 * R + 1, Hy = fast_halo(R, 1);
  extern __shared__ float4 N_s4[];
  float* N_s = reinterpret_cast<float*>(N_s4);
  stage_tile(N, N_s, pitch, height, gx, gy);
  __syncthreads();

  // The patch's window starts Hy - R staged rows below its own first row.
  const int S = gx.shared_dim(), tx = threadIdx.x, ty = threadIdx.y;
  float acc[C][C] = {};
  const float* window = N_s + (Hy - R + ty * C) * S + tx * C;
#pragma unroll
  for (int j = 0; j < C + 2 * R; ++j) {  // input row j of the window
    float in[kFloat4 * W::vectors];
    W::load(window + j * S, in);
#pragma unroll
    for (int oy = 0; oy < C; ++oy) {  // every output row whose filter covers input row j
      const int fy = j - oy;
      if (fy < 0 || fy >= D) continue;
#pragma unroll
      for (int fx = 0; fx < D; ++fx)
#pragma unroll
        for (int ox = 0; ox < C; ++ox) acc[oy][ox] = fmaf(c_filter[fy * D + fx], in[W::skip + ox + fx], acc[oy][ox]);
    }
  }

  store_tile(acc, P, pitch, height, gx, gy);
}

// One unit of separable's row pass: the 4 intermediate cells M(y, x..x+3) = sum_fx c_row[fx]
// N_s(y, x + H - R + fx), from `unit`, the staged row at x (float4 reads of the window).
template <int R>
__device__ __forceinline__ float4 row_pass_unit(const float* unit) {
  using W = RowWindow<R, sector_halo_columns(R)>;
  constexpr int C = kFastCoarsening, D = 2 * R + 1;
  float in[kFloat4 * W::vectors];
  W::load(unit, in);
  float h[C] = {};
#pragma unroll
  for (int fx = 0; fx < D; ++fx)
#pragma unroll
    for (int ox = 0; ox < C; ++ox) h[ox] = fmaf(c_row[fx], in[W::skip + ox + fx], h[ox]);
  return make_float4(h[0], h[1], h[2], h[3]);
}

// separable's row pass into M_s, beside the staged tile: `rows` rows of Mx cells in units of 4
// (consecutive threads, consecutive float4s: no bank conflicts), handed out to the block's threads
// in turn.
template <int R>
__device__ __forceinline__ void row_pass(const float* N_s, float* M_s, int Sx, int Mx, int rows, int threads) {
  constexpr int C = kFastCoarsening;
  const int units = Mx / C, tid = threadIdx.y * blockDim.x + threadIdx.x;
  for (int i = tid; i < rows * units; i += threads) {
    const int my = i / units, mu = i % units;
    reinterpret_cast<float4*>(M_s + my * Mx)[mu] = row_pass_unit<R>(N_s + my * Sx + mu * C);
  }
}

// separable's row pass in place (separable_in_place): M(y, x) overwrites staged cell (y, x), the
// first Mx cells of each of rows first..rows-1. Thread (tx, ty) filters unit tx of rows first + ty,
// first + ty + TY, ...: a row is one row of the block's threads, and they all read it before any of them
// overwrites it (a warp barrier where a row of threads lies within one warp, tiles dividing 32;
// else a block barrier).
template <int R>
__device__ __forceinline__ void row_pass_in_place(float* N_s, int Sx, int first, int rows, const Conv2dTiling& gx,
                                                  const Conv2dTiling& gy) {
  constexpr int C = kFastCoarsening;
  const int TY = gy.block_dim(), tx = threadIdx.x, ty = threadIdx.y;
  const bool rows_in_warps = kWarpSize % gx.block_dim() == 0;
  for (int row0 = first; row0 < rows; row0 += TY) {  // the same trip count in every thread
    const int my = row0 + ty;
    float* unit = N_s + my * Sx + tx * C;
    const float4 m = my < rows ? row_pass_unit<R>(unit) : float4{};
    if (rows_in_warps)
      __syncwarp();
    else
      __syncthreads();
    if (my < rows) *reinterpret_cast<float4*>(unit) = m;
  }
}

// separable in place (r >= 5) stages its tile in this many cp.async groups of whole thread rows,
// top to bottom, and runs the row pass on a group as soon as it has landed while the later groups
// still copy. At 3840x2160 the grid is 2040 blocks, under 2 waves of 8 blocks on an H200's 132 SMs:
// with one group every block of a wave waited for its whole tile, then computed while DRAM idled.
// 2 groups ran r = 8 there in 0.0260 ms instead of 0.0271 (4% faster, 4097x3001 too) and 8192^2 as
// fast as before; 3 and 4 ran 4K faster still but r = 8 at 8192^2 1.2-1.6% slower (a barrier a
// group), 5 and 10 2.5% and 8% slower (bench/results/2026-11-29-h200-separable-split-staging.md).
constexpr int kSeparableStagingGroups = 2;

// Row pass of staging group g and the groups after it: waits for group g's copies (the later
// groups' may still fly), then filters its rows in place, rows below `rows` only.
template <int R, int g = 0>
__device__ __forceinline__ void row_pass_as_staged(float* N_s, int Sx, int group_rows, int rows, const Conv2dTiling& gx,
                                                   const Conv2dTiling& gy) {
  copy_async_wait_prior<kSeparableStagingGroups - 1 - g>();
  __syncthreads();
  const int last = (g + 1) * group_rows;
  row_pass_in_place<R>(N_s, Sx, g * group_rows, last < rows ? last : rows, gx, gy);
  if constexpr (g + 1 < kSeparableStagingGroups) row_pass_as_staged<R, g + 1>(N_s, Sx, group_rows, rows, gx, gy);
}

// separable's threads per block at most (tile kSeparableMaxTile) at radius R.
template <int R>
constexpr int kSeparableThreads = kSeparableMaxTile* separable_thread_rows(kSeparableMaxTile, R);
// separable's least blocks per SM for __launch_bounds__ (0: none given). From the tall patches on,
// an explicit 1, which any launch meets, leads ptxas to 54 registers where it otherwise took 71
// (r = 7) and 79 (r = 8): r = 8 runs 8 blocks per SM (shared memory's limit) instead of 6, 6%
// faster on an H200 (bench/results/2026-11-29-h200-separable-launch-bounds.md). Below, it cost r = 4 1%.
template <int R>
constexpr int kSeparableMinBlocks = R >= kSeparableTallPatchRadius ? 1 : 0;

// Beyond the book, rank-1 filters (c_filter = c_column x c_row): the 2-D correlation as a row pass
// then a column pass, the intermediate kept in shared memory. Shapes, for T x TY threads of
// CY x C outputs (C = kFastCoarsening, CY = separable_patch_rows(R), TY = separable_thread_rows,
// OUT = C T = CY TY for an even T, H = sector_halo_columns(R), R rounded up to 8):
//   N_s  (OUT + 2R) rows x (OUT + 2H) columns   the staged input, whole 32-byte sectors a row
//   M_s  (OUT + 2R) rows x OUT columns          the row pass: M_s(y, x) = sum_fx c_row[fx] N(y, x - R + fx),
//                                               beside N_s, or over its rows' first OUT cells at
//                                               r >= 5 (separable_in_place)
//   P    OUT x OUT                              the column pass: sum_fy c_column[fy] M_s(y + fy, x)
// Row-pass units are 4 consecutive cells of one row (one float4 store); a thread then walks the
// CY + 2R intermediate rows of its 4 columns, each read feeding up to CY of its outputs.
template <int R, int kTile>
__global__ void __launch_bounds__(kSeparableThreads<R>, kSeparableMinBlocks<R>)
    conv2d_separable_kernel(const float* __restrict__ N, float* __restrict__ P, int pitch, int height,
                            Conv2dTiling gx_run, Conv2dTiling gy_run) {
  const Conv2dTiling gx = folded<Conv2dStrategy::separable, R, kTile, 0>(gx_run),
                     gy = folded<Conv2dStrategy::separable, R, kTile, 1>(gy_run);
  constexpr int C = kFastCoarsening, D = 2 * R + 1;
  extern __shared__ float4 N_s4[];
  float* N_s = reinterpret_cast<float*>(N_s4);
  // Sx and Mx are multiples of 4: float4-aligned rows.
  constexpr bool kInPlace = separable_in_place(R);
  const int Sx = gx.shared_dim(), Mx = kInPlace ? Sx : gx.row_pass_dim();
  float* M_s = kInPlace ? N_s : N_s + Sx * gy.shared_dim();
  // Row pass over the intermediate rows the block's outputs inside the image need (staged row i
  // is intermediate row i: both start R rows above the output tile).
  if constexpr (kInPlace) {
    const int rows = gy.row_pass_rows(blockIdx.y, height);
    // Each group's rows a whole number of thread rows, so its row pass runs whole iterations.
    const int Sy = gy.shared_dim(), TY = gy.block_dim();
    const int group_rows = (Sy + kSeparableStagingGroups * TY - 1) / (kSeparableStagingGroups * TY) * TY;
    for (int g = 0; g < kSeparableStagingGroups; ++g) {
      const int first = g * group_rows, last = first + group_rows;
      stage_rows(N, N_s, pitch, height, gx, gy, first < Sy ? first : Sy, last < Sy ? last : Sy);
      copy_async_commit();
    }
    row_pass_as_staged<R>(N_s, Sx, group_rows, rows, gx, gy);
  } else {
    stage_tile(N, N_s, pitch, height, gx, gy);
    __syncthreads();
    const int rows = gy.row_pass_rows(blockIdx.y, height);
    row_pass<R>(N_s, M_s, Sx, Mx, rows, gx.block_dim() * gy.block_dim());
  }
  __syncthreads();

  // Column pass: intermediate row j of the thread's window feeds output rows oy = j - fy.
  constexpr int CY = separable_patch_rows(R);
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc[CY][C] = {};
  const float* column = M_s + ty * CY * Mx + tx * C;
#pragma unroll
  for (int j = 0; j < CY + 2 * R; ++j) {
    const float4 q = *reinterpret_cast<const float4*>(column + j * Mx);
    const float m[C] = {q.x, q.y, q.z, q.w};
#pragma unroll
    for (int oy = 0; oy < CY; ++oy) {
      const int fy = j - oy;
      if (fy < 0 || fy >= D) continue;
#pragma unroll
      for (int ox = 0; ox < C; ++ox) acc[oy][ox] = fmaf(c_column[fy], m[ox], acc[oy][ox]);
    }
  }
  store_tile(acc, P, pitch, height, gx, gy);
}

// The filter as sliding's march reads it: every tap one warp-uniform __constant__ operand.
template <int R>
struct ConstantFilter {
  __device__ __forceinline__ float operator()(int fy, int fx) const { return c_filter[fy * (2 * R + 1) + fx]; }
};
// Input rows sliding loads ahead of their use; the fastest on an H200 at 8192^2
// (bench/studies/conv2d_sliding_sweep.cu): more rows in flight cost registers, fewer stall.
// At most 2r, so a strip's chunks never load past its end.
constexpr int sliding_rows_ahead(int r) { return r >= 3 ? 4 : 2; }

// Beyond the book, r <= 3: kSlidingWarpsPerBlock warps side by side, each marching its 128
// columns of one strip with the sums in registers (sliding.cuh).
// The explicit 1 block per SM leaves ptxas its 128 registers at r = 3; without it ptxas chose 96
// and spilled (measured 17% slower on an H200).
template <int R>
__global__ void __launch_bounds__(kSlidingLanes* kSlidingWarpsPerBlock, 1)
    conv2d_sliding_kernel(const float* __restrict__ N, float* __restrict__ P, int pitch, int height, Conv2dTiling gx,
                          Conv2dTiling gy) {
  sliding_warp<R, sliding_rows_ahead(R)>(N, P, pitch, height, gx, gy,
                                         blockIdx.x * kSlidingWarpsPerBlock + threadIdx.x / kSlidingLanes, blockIdx.y,
                                         threadIdx.x % kSlidingLanes, ConstantFilter<R>{});
}

template <int R>
void launch_sliding(const Conv2dParams& p, const float* d_in, float* d_out, int pitch, dim3 grid, dim3 block,
                    cudaStream_t stream) {
  if constexpr (R <= kSlidingMaxRadius) {
    conv2d_sliding_kernel<R>
        <<<grid, block, 0, stream>>>(d_in, d_out, pitch, p.height, tiling_of(p, 0), tiling_of(p, 1));
    check_launch("conv2d_sliding_kernel");
  } else {
    throw BackendError("conv2d_sliding_kernel: radius " + std::to_string(R) + " is above sliding's " +
                       std::to_string(kSlidingMaxRadius));
  }
}

// separable with the tile folded in at its default, 16 x 16 threads: from the argument, the
// geometry's run-time switches and divisions were two thirds of the kernel's PTX instructions.
template <int R, int kTile>
void launch_separable(const Conv2dParams& p, const float* d_in, float* d_out, int pitch, dim3 grid, dim3 block,
                      std::size_t shared, cudaStream_t stream) {
  conv2d_separable_kernel<R, kTile>
      <<<grid, block, shared, stream>>>(d_in, d_out, pitch, p.height, tiling_of(p, 0), tiling_of(p, 1));
  check_launch("conv2d_separable_kernel");
}

// The book's strategies with the tile folded in where bench and the app's defaults run them.
template <int R, int kTile>
void launch_book(const Conv2dParams& p, const float* d_in, float* d_out, const float* d_filter, dim3 grid, dim3 block,
                 std::size_t shared, cudaStream_t stream) {
  const Conv2dTiling g = tiling_of(p, 0);  // x and y tile alike for all but sliding
  switch (p.strategy) {
    case Conv2dStrategy::basic:
      conv2d_direct_kernel<R, false><<<grid, block, 0, stream>>>(d_in, d_filter, d_out, p.width, p.height, g);
      return check_launch("conv2d_direct_kernel (basic)");
    case Conv2dStrategy::const_mem:
      conv2d_direct_kernel<R, true><<<grid, block, 0, stream>>>(d_in, nullptr, d_out, p.width, p.height, g);
      return check_launch("conv2d_direct_kernel (const_mem)");
    case Conv2dStrategy::tiled_in:
      conv2d_tiled_in_kernel<R, kTile><<<grid, block, shared, stream>>>(d_in, d_out, p.width, p.height, g);
      return check_launch("conv2d_tiled_in_kernel");
    case Conv2dStrategy::tiled_out:
      conv2d_tiled_out_kernel<R, kTile><<<grid, block, shared, stream>>>(d_in, d_out, p.width, p.height, g);
      return check_launch("conv2d_tiled_out_kernel");
    case Conv2dStrategy::cached_halo:
      conv2d_cached_halo_kernel<R, kTile><<<grid, block, shared, stream>>>(d_in, d_out, p.width, p.height, g);
      return check_launch("conv2d_cached_halo_kernel");
    default: return;
  }
}

template <int R>
void launch_radius(const Conv2dParams& p, const float* d_in, float* d_out, const float* d_filter, cudaStream_t stream) {
  const LaunchGeometry l = launch_geometry(p);
  const dim3 grid(l.grid.x, l.grid.y), block(l.block.x, l.block.y);
  const std::size_t shared = l.shared_bytes;
  const int pitch = conv2d_row_pitch(p.strategy, p.width);  // fast, separable, sliding: padded rows
  switch (p.strategy) {
    case Conv2dStrategy::fast:
      conv2d_fast_kernel<R><<<grid, block, shared, stream>>>(d_in, d_out, pitch, p.height, tiling_of(p, 0));
      return check_launch("conv2d_fast_kernel");
    case Conv2dStrategy::sliding: return launch_sliding<R>(p, d_in, d_out, pitch, grid, block, stream);
    case Conv2dStrategy::separable:
      if (p.tile == 16) return launch_separable<R, 16>(p, d_in, d_out, pitch, grid, block, shared, stream);
      return launch_separable<R, 0>(p, d_in, d_out, pitch, grid, block, shared, stream);
    default:
      if (p.tile == 16) return launch_book<R, 16>(p, d_in, d_out, d_filter, grid, block, shared, stream);
      if (p.tile == 32) return launch_book<R, 32>(p, d_in, d_out, d_filter, grid, block, shared, stream);
      return launch_book<R, 0>(p, d_in, d_out, d_filter, grid, block, shared, stream);
  }
}

// The kernel p launches, as a function pointer for the occupancy calculator.
template <int R, int kTile>
const void* book_kernel_of(Conv2dStrategy s) {
  switch (s) {
    case Conv2dStrategy::basic: return reinterpret_cast<const void*>(conv2d_direct_kernel<R, false>);
    case Conv2dStrategy::const_mem: return reinterpret_cast<const void*>(conv2d_direct_kernel<R, true>);
    case Conv2dStrategy::tiled_in: return reinterpret_cast<const void*>(conv2d_tiled_in_kernel<R, kTile>);
    case Conv2dStrategy::tiled_out: return reinterpret_cast<const void*>(conv2d_tiled_out_kernel<R, kTile>);
    case Conv2dStrategy::cached_halo: return reinterpret_cast<const void*>(conv2d_cached_halo_kernel<R, kTile>);
    default: return nullptr;
  }
}

template <int R>
const void* kernel_of(const Conv2dParams& p) {
  switch (p.strategy) {
    case Conv2dStrategy::fast: return reinterpret_cast<const void*>(conv2d_fast_kernel<R>);
    case Conv2dStrategy::sliding:
      if constexpr (R <= kSlidingMaxRadius) return reinterpret_cast<const void*>(conv2d_sliding_kernel<R>);
      return nullptr;
    case Conv2dStrategy::separable:
      return p.tile == 16 ? reinterpret_cast<const void*>(conv2d_separable_kernel<R, 16>)
                          : reinterpret_cast<const void*>(conv2d_separable_kernel<R, 0>);
    default:
      return p.tile == 16   ? book_kernel_of<R, 16>(p.strategy)
             : p.tile == 32 ? book_kernel_of<R, 32>(p.strategy)
                            : book_kernel_of<R, 0>(p.strategy);
  }
}

using KernelOfFn = const void* (*)(const Conv2dParams&);
constexpr KernelOfFn kKernelByRadius[kMaxConv2dRadius] = {
    kernel_of<1>, kernel_of<2>, kernel_of<3>, kernel_of<4>, kernel_of<5>, kernel_of<6>, kernel_of<7>, kernel_of<8>,
};

using LaunchFn = void (*)(const Conv2dParams&, const float*, float*, const float*, cudaStream_t);
constexpr LaunchFn kLaunchByRadius[kMaxConv2dRadius] = {
    launch_radius<1>, launch_radius<2>, launch_radius<3>, launch_radius<4>,
    launch_radius<5>, launch_radius<6>, launch_radius<7>, launch_radius<8>,
};

}  // namespace

void upload_constant_filter(const Filter2d& f) {
  upload_to_constant(c_filter, f.weights, "cudaMemcpyToSymbol (constant filter)");
  if (separable_problem(f)) return;  // separable refuses such a filter before it launches
  const SeparableFilter factors = separable_factors(f);
  upload_to_constant(c_row, factors.row, "cudaMemcpyToSymbol (row filter)");
  upload_to_constant(c_column, factors.column, "cudaMemcpyToSymbol (column filter)");
}

void launch_conv2d(const Conv2dParams& p, const float* d_in, float* d_out, const float* d_filter, cudaStream_t stream) {
  kLaunchByRadius[p.filter_radius - 1](p, d_in, d_out, d_filter, stream);
}

// Shared memory p's kernel declares (__shared__ arrays, not the launch's dynamic bytes).
static std::size_t static_shared_bytes(const Conv2dParams& p) {
  cudaFuncAttributes a{};
  check(cudaFuncGetAttributes(&a, kKernelByRadius[p.filter_radius - 1](p)), "cudaFuncGetAttributes");
  return a.sharedSizeBytes;
}

int max_active_blocks_per_sm(const Conv2dParams& p) {
  const LaunchGeometry l = launch_geometry(p);
  // The geometry's shared bytes are the block's in all; the kernel declares some of them itself.
  const std::size_t declared = static_shared_bytes(p),
                    dynamic = l.shared_bytes > declared ? l.shared_bytes - declared : 0;
  int blocks = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kKernelByRadius[p.filter_radius - 1](p),
                                                      l.threads_per_block, dynamic),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return blocks;
}

}  // namespace tilescope::cuda
