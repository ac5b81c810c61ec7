// A study, not part of the build: conv2d `separable` at r = 5..8 as a strip that marches down the
// image, against today's 64 x 64 tile, each timed against a device-to-device copy of the same bytes
// in the same process and checked against a float64 CPU reference.
//
// The question (bench/studies/2026-11-29-conv2d-separable-shapes.md): today's kernel runs its row
// pass over 64 + 2r staged rows for 64 output rows (25% extra at r = 8) and stages the 2r halo rows
// again in the tile below. A block that owns a column strip 64 outputs wide and a chunk of C output
// rows, and marches down it S rows at a time, runs the row pass only on the S new rows of each step
// and keeps the last 2r intermediate rows in shared memory (a ring), so per chunk only 2r rows are
// staged and filtered twice. What chunk C keeps 132 SMs full (3840x2160 has only 60 strips), and
// does the strip reach 85% of the copy at r = 8 at every size?
//
// Variants (each at r = 5..8):
//   tile          today's kernels/conv2d/kernels.cu conv2d_separable_kernel at r >= 5, its
//                 geometry folded in: 16 x 8 threads of 4 x 8 outputs (a 64 x 64 tile), 64 + 2r rows
//                 of 80 cells staged by float4 cp.async, the row pass written over the staged rows it
//                 read (a __syncwarp between a row's reads and its writes), the column pass.
//   strip ...     the marching strip, template <R, S, CY, kInPlace, kPrefetch>: 16 x S/CY threads,
//                 each computing a 4-column x CY-row patch of the S output rows of a step.
//                   S          rows of a step (staged, filtered, output per step)
//                   CY         output rows per thread in the column pass
//                   in place   the ring's rows are 80 cells wide: a step's input rows are staged
//                              straight into the ring slots their intermediate rows will take, and
//                              the row pass overwrites them (as `tile` does); else a separate
//                              staging buffer (two of S rows) and a ring of 64-cell rows
//                   prefetch   the next step's rows are staged (cp.async) while this step's row and
//                              column passes run: the ring holds S more rows; without, a step
//                              stages, waits, filters, and a barrier ends its column pass
//                 Ring: RING slots (intermediate row k in slot k mod RING), RING >= S + 2r (+ S with
//                 prefetch in place), a multiple of CY, and the first 2r slots mirrored after the last,
//                 so a thread's CY + 2r window rows are consecutive in memory (its reads fold to one
//                 base address plus constants) wherever the ring wraps.
// The strip's chunk C (a multiple of S) is a launch argument: fixed values and the picks of a few
// rules of the grid and the device (rule_* below) are all measured.
//
// Build and run on a GPU from the repo root (argv: reps, then optionally the strips to run, their
// names separated by '|', and a number of interleaved rounds, which times each at the waves rule's
// chunk only):
//   nvcc -O3 -arch=sm_90 -std=c++17 -I. -Ibench/studies bench/studies/conv2d_separable_strip.cu -o strip && ./strip 20
//   ./strip 20 "strip S=32 CY=8 separate prefetch|strip S=64 CY=8 in place call" 7
// Findings (H200, three runs): at r = 8 the best strip ran 77.9-84.1% of the copy at 8192^2 and
// 8191^2 (the tile 78.5-80.5% in the same runs), 73.4-75.1% at 3840x2160 (tile 67.2-69.7%) and
// 82.6-85.5% at 4097x3001 (tile 76.6-79.8%); at r = 5..7 it was slower than the tile at 8192^2 and
// 8191^2, and at r = 5, 6 at 4097x3001. Not worth integrating:
// bench/studies/2026-11-29-conv2d-separable-strip.md.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernels/common/copy_async.cuh"
#include "kernels/common/row_pitch.hpp"
#include "study_timing.cuh"

using namespace tilescope;
using tilescope::cuda::copy_async;

constexpr int kMaxR = 8;
__constant__ float c_row[2 * kMaxR + 1], c_col[2 * kMaxR + 1];

constexpr int kOutX = 64;                 // output columns per block (the strip's width)
constexpr int kHalo = 8;                  // staged halo columns either side: r <= 8 as a whole sector
constexpr int kSx = kOutX + 2 * kHalo;    // floats per staged row
constexpr int kUnitsX = kOutX / kFloat4;  // 16 threads across, one float4 of outputs each

// Calls f(column, row) for every cell of a cols x rows grid, thread tid of `threads` taking cells
// tid, tid + threads, ... row by row (the kernel's for_each_cell: stepped, not divided per cell).
template <class F>
__device__ __forceinline__ void for_each_cell(int cols, int rows, int threads, int tid, F f) {
  const int step_y = threads / cols, step_x = threads % cols;
  for (int y = tid / cols, x = tid % cols; y < rows;) {
    f(x, y);
    x += step_x, y += step_y;
    if (x >= cols) x -= cols, ++y;
  }
}

// Stages the float4 of input row y at column x to dst (zeros outside the image: ghost cells).
__device__ __forceinline__ void stage_float4(float* dst, const float* __restrict__ N, int pitch, int height, int x,
                                             int y) {
  const bool inside = x >= 0 && x < pitch && y >= 0 && y < height;
  copy_async<4>(dst, N + (inside ? y * pitch + x : 0), inside);
}

// One row-pass unit: the 4 intermediate cells M(y, x..x+3) = sum_fx c_row[fx] N(y, x - R + fx) from
// `unit`, the staged row at x - kHalo (the kernel's row_pass_unit: 5 float4 reads at r = 5..8).
template <int R>
__device__ __forceinline__ float4 row_unit(const float* unit) {
  constexpr int first = (kHalo - R) / 4 * 4, skip = kHalo - R - first, vectors = (skip + 2 * R + 4 + 3) / 4;
  float in[4 * vectors];
#pragma unroll
  for (int v = 0; v < vectors; ++v) {
    const float4 q = reinterpret_cast<const float4*>(unit + first)[v];
    in[4 * v] = q.x, in[4 * v + 1] = q.y, in[4 * v + 2] = q.z, in[4 * v + 3] = q.w;
  }
  float h[4] = {};
#pragma unroll
  for (int fx = 0; fx < 2 * R + 1; ++fx)
#pragma unroll
    for (int o = 0; o < 4; ++o) h[o] = fmaf(c_row[fx], in[skip + o + fx], h[o]);
  return make_float4(h[0], h[1], h[2], h[3]);
}

// Column pass of one CY x 4 patch from `column`, the first of its CY + 2R window rows, `stride`
// floats apart: window row j feeds output rows oy = j - fy.
template <int R, int CY, int stride>
__device__ __forceinline__ void column_patch(const float* column, float (&acc)[CY][4]) {
  constexpr int D = 2 * R + 1;
#pragma unroll
  for (int j = 0; j < CY + 2 * R; ++j) {
    const float4 q = *reinterpret_cast<const float4*>(column + j * stride);
    const float m[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
    for (int oy = 0; oy < CY; ++oy) {
      const int fy = j - oy;
      if (fy < 0 || fy >= D) continue;
#pragma unroll
      for (int o = 0; o < 4; ++o) acc[oy][o] = fmaf(c_col[fy], m[o], acc[oy][o]);
    }
  }
}

// Stores a CY x 4 patch whose first output is (col, row0), one float4 a row; rows from row_end on are
// not the block's (below the image).
template <int CY>
__device__ __forceinline__ void store_patch(const float (&acc)[CY][4], float* __restrict__ P, int pitch, int col,
                                            int row0, int row_end) {
  if (col >= pitch) return;
#pragma unroll
  for (int oy = 0; oy < CY; ++oy) {
    if (row0 + oy >= row_end) return;
    *reinterpret_cast<float4*>(P + (row0 + oy) * pitch + col) =
        make_float4(acc[oy][0], acc[oy][1], acc[oy][2], acc[oy][3]);
  }
}

// ---------------------------------------------------------------------------------------------
// Baseline: today's kernel at r >= 5 (16 x 8 threads of 4 x 8 outputs, row pass in place).
template <int R>
struct Tile {
  static constexpr int TY = 8, CY = 8, OY = CY * TY, Sy = OY + 2 * R, T = kUnitsX * TY;
  static constexpr std::size_t shared_bytes = std::size_t(kSx) * Sy * sizeof(float);
};

// kMinBlocks = 0: today's launch bounds (threads only). kMinBlocks > 0: a control (run 1), the same
// kernel with launch bounds that ask for that many blocks per SM (at r = 7, 8 today's 71-79 registers
// hold an SM to 6-7 blocks of 128 threads; shared memory holds 8).
template <int R, int kMinBlocks>
__global__ void __launch_bounds__(Tile<R>::T, kMinBlocks)
    tile_kernel(const float* __restrict__ N, float* __restrict__ P, int pitch, int height, int /*chunk*/) {
  using G = Tile<R>;
  extern __shared__ float4 sm4[];
  float* N_s = reinterpret_cast<float*>(sm4);
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * kUnitsX + tx;
  const int x0 = blockIdx.x * kOutX - kHalo, y0 = blockIdx.y * G::OY - R;
  for_each_cell(kSx / 4, G::Sy, G::T, tid,
                [&](int su, int sy) { stage_float4(N_s + sy * kSx + 4 * su, N, pitch, height, x0 + 4 * su, y0 + sy); });
  cuda::copy_async_wait();
  __syncthreads();
  // Row pass in place over the rows the block's outputs inside the image need.
  const int inside = height - blockIdx.y * G::OY, rows = (inside < G::OY ? inside : G::OY) + 2 * R;
  for (int row0 = 0; row0 < rows; row0 += G::TY) {
    const int my = row0 + ty;
    float* unit = N_s + my * kSx + tx * 4;
    const float4 m = my < rows ? row_unit<R>(unit) : float4{};
    __syncwarp();  // a row of 16 threads lies within one warp
    if (my < rows) *reinterpret_cast<float4*>(unit) = m;
  }
  __syncthreads();
  float acc[G::CY][4] = {};
  column_patch<R, G::CY, kSx>(N_s + ty * G::CY * kSx + tx * 4, acc);
  store_patch<G::CY>(acc, P, pitch, blockIdx.x * kOutX + tx * 4, blockIdx.y * G::OY + ty * G::CY, height);
}

// ---------------------------------------------------------------------------------------------
// The marching strip. Intermediate row k of a block is image row y_out - R + k (y_out: the chunk's
// first output row). Rows k = 0 .. 2R-1 are the lead-in (staged and filtered before the march);
// step t stages and filters rows k = 2R + tS .. 2R + tS + S - 1 and then outputs rows
// y_out + tS .. y_out + tS + S - 1, whose windows are rows k = tS .. tS + S + 2R - 1.
template <int R, int S, int CY, bool kInPlace, bool kPrefetch, bool kCall>
struct Strip {
  static_assert(S % CY == 0 && S >= 2 * R, "a step is whole patches and at least the lead-in");
  static_assert(kInPlace || kPrefetch, "a separate staging buffer is only worth it double-buffered");
  static constexpr bool in_place = kInPlace;
  static constexpr int TY = S / CY, T = kUnitsX * TY;
  // Live rows: the S + 2R of a step's windows, plus the S being prefetched where they share the ring.
  static constexpr int RING = round_up(S + 2 * R + (kInPlace && kPrefetch ? S : 0), CY);
  static constexpr int Rx = kInPlace ? kSx : kOutX;  // floats per ring row
  static constexpr int ring_floats = (RING + 2 * R) * Rx;
  static constexpr int stage_floats = kInPlace ? 0 : 2 * S * kSx;  // two S-row staging buffers
  static constexpr std::size_t shared_bytes = std::size_t(ring_floats + stage_floats) * sizeof(float);
  // Blocks per SM for the launch bounds: as many as shared memory holds (228 KB, 1 KB reserved a
  // block), but no more than leave a thread 128 registers, or 72 where the column pass is a call.
  // Inlined in the march's loop, ptxas keeps the column pass's whole window in registers (116-149
  // at r = 5..8; today's kernel, not in a loop, 56-79) and spilled when capped at 72-96; as a
  // __noinline__ call it takes 56-72 (S = 64 at r = 7, 8: 72 and 4-16 bytes spilled), at the cost
  // of a call per step.
  static constexpr int smem_blocks = int(233472 / (shared_bytes + 1024)), reg_blocks = 65536 / (T * (kCall ? 72 : 128)),
                       min_blocks = smem_blocks < reg_blocks ? smem_blocks : reg_blocks;
};

// Stages rows k0 .. k0 + n - 1 (image rows y_in + k): into their ring slots (in place) or into
// staging buffer `buf`; one commit group.
template <int n, class G>
__device__ __forceinline__ void strip_stage(const float* __restrict__ N, int pitch, int height, int x0, int y_in,
                                            int k0, float* ring, float* stage, int buf, int tid) {
  const int slot0 = k0 % G::RING;
  for_each_cell(kSx / 4, n, G::T, tid, [&](int su, int i) {
    float* dst;
    if constexpr (G::in_place) {
      int s = slot0 + i;
      if (s >= G::RING) s -= G::RING;
      dst = ring + s * kSx + 4 * su;
    } else {
      dst = stage + (buf * (G::stage_floats / 2)) + i * kSx + 4 * su;
    }
    stage_float4(dst, N, pitch, height, x0 + 4 * su, y_in + k0 + i);
  });
  cuda::copy_async_commit();
}

// Row pass over rows k0 .. k0 + n - 1: thread (tx, ty) filters unit tx of rows ty, ty + TY, ...; the
// result goes to the row's ring slot (over its staged cells, in place) and, for the first 2R slots,
// to their mirror after the ring.
template <int R, int n, class G>
__device__ __forceinline__ void strip_row_pass(int k0, float* ring, const float* stage, int buf) {
  const int tx = threadIdx.x, ty = threadIdx.y, slot0 = k0 % G::RING;
#pragma unroll 1
  for (int i0 = 0; i0 < n; i0 += G::TY) {
    const int i = i0 + ty;
    int s = slot0 + i;
    if (s >= G::RING) s -= G::RING;
    float* out = ring + s * G::Rx + 4 * tx;
    const float* src = G::in_place ? out : stage + buf * (G::stage_floats / 2) + i * kSx + 4 * tx;
    const bool mine = n % G::TY == 0 || i < n;
    const float4 m = mine ? row_unit<R>(src) : float4{};
    if constexpr (G::in_place) __syncwarp();  // the row's 16 threads (one half-warp) have read it
    if (mine) {
      *reinterpret_cast<float4*>(out) = m;
      if (s < 2 * R) *reinterpret_cast<float4*>(out + G::RING * G::Rx) = m;
    }
  }
}

// Column pass and stores of one step's patch, as a call (kCall) or inlined.
template <int R, int CY, int stride>
__device__ __forceinline__ void column_step(const float* column, float* __restrict__ P, int pitch, int col, int row0,
                                            int row_end) {
  float acc[CY][4] = {};
  column_patch<R, CY, stride>(column, acc);
  store_patch<CY>(acc, P, pitch, col, row0, row_end);
}
template <int R, int CY, int stride>
__device__ __noinline__ void column_step_call(const float* column, float* __restrict__ P, int pitch, int col, int row0,
                                              int row_end) {
  column_step<R, CY, stride>(column, P, pitch, col, row0, row_end);
}

template <int R, int S, int CY, bool kInPlace, bool kPrefetch, bool kCall>
__global__ void __launch_bounds__(Strip<R, S, CY, kInPlace, kPrefetch, kCall>::T,
                                  Strip<R, S, CY, kInPlace, kPrefetch, kCall>::min_blocks)
    strip_kernel(const float* __restrict__ N, float* __restrict__ P, int pitch, int height, int chunk) {
  using G = Strip<R, S, CY, kInPlace, kPrefetch, kCall>;
  extern __shared__ float4 sm4[];
  float* ring = reinterpret_cast<float*>(sm4);
  float* stage = ring + G::ring_floats;
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * kUnitsX + tx;
  const int x0 = blockIdx.x * kOutX - kHalo, y_out = blockIdx.y * chunk, y_in = y_out - R;
  const int rows_out = min(chunk, height - y_out), steps = (rows_out + S - 1) / S;
  const int row_end = min(y_out + chunk, height);
  // Lead-in rows (buffer 0) and step 0's rows (buffer 1): both fit the ring (RING >= S + 2R).
  strip_stage<2 * R, G>(N, pitch, height, x0, y_in, 0, ring, stage, 0, tid);
  strip_stage<S, G>(N, pitch, height, x0, y_in, 2 * R, ring, stage, 1, tid);
  cuda::copy_async_wait_prior<1>();
  __syncthreads();
  strip_row_pass<R, 2 * R, G>(0, ring, stage, 0);
  int window = ty * CY;  // first ring row of this thread's window at step t: (tS + ty CY) mod RING
  for (int t = 0; t < steps; ++t) {
    const int k0 = 2 * R + t * S;
    if (!kPrefetch && t > 0) strip_stage<S, G>(N, pitch, height, x0, y_in, k0, ring, stage, 0, tid);
    cuda::copy_async_wait();
    // Step t's rows are staged for everyone; step t-1's column pass is done with the ring rows this
    // step's row pass (and, prefetching, the next step's staging) overwrites.
    __syncthreads();
    if (kPrefetch && t + 1 < steps) strip_stage<S, G>(N, pitch, height, x0, y_in, k0 + S, ring, stage, t & 1, tid);
    strip_row_pass<R, S, G>(k0, ring, stage, (t + 1) & 1);
    __syncthreads();
    const float* column = ring + window * G::Rx + 4 * tx;
    const int col = blockIdx.x * kOutX + 4 * tx, row0 = y_out + t * S + ty * CY;
    if constexpr (kCall)
      column_step_call<R, CY, G::Rx>(column, P, pitch, col, row0, row_end);
    else
      column_step<R, CY, G::Rx>(column, P, pitch, col, row0, row_end);
    window += S;
    if (window >= G::RING) window -= G::RING;
    if (!kPrefetch) __syncthreads();  // the next step stages over rows this column pass read
  }
}

// ---------------------------------------------------------------------------------------------
// Host side.
using LaunchFn = void (*)(const float*, float*, int, int, int);
struct Variant {
  std::string name;
  int r, S;  // S = 0: the tile baseline (no chunk)
  int threads;
  std::size_t shared;
  const void* kernel;
  LaunchFn launch;
  int occupancy = 0;  // resident blocks per SM
};

template <int R, int kMinBlocks>
void launch_tile(const float* in, float* out, int pitch, int h, int chunk) {
  using G = Tile<R>;
  tile_kernel<R, kMinBlocks>
      <<<dim3((pitch + kOutX - 1) / kOutX, (h + G::OY - 1) / G::OY), dim3(kUnitsX, G::TY), G::shared_bytes>>>(
          in, out, pitch, h, chunk);
}

template <int R, int S, int CY, bool kInPlace, bool kPrefetch, bool kCall>
void launch_strip(const float* in, float* out, int pitch, int h, int chunk) {
  using G = Strip<R, S, CY, kInPlace, kPrefetch, kCall>;
  strip_kernel<R, S, CY, kInPlace, kPrefetch, kCall>
      <<<dim3((pitch + kOutX - 1) / kOutX, (h + chunk - 1) / chunk), dim3(kUnitsX, G::TY), G::shared_bytes>>>(
          in, out, pitch, h, chunk);
}

template <int R, int kMinBlocks>
void add_tile(std::vector<Variant>& v) {
  v.push_back({kMinBlocks ? "tile 64x64, 8 blocks/SM bound" : "tile 64x64 (today)", R, 0, Tile<R>::T,
               Tile<R>::shared_bytes, reinterpret_cast<const void*>(tile_kernel<R, kMinBlocks>),
               launch_tile<R, kMinBlocks>});
}

template <int R, int S, int CY, bool kInPlace, bool kPrefetch, bool kCall>
void add_strip(std::vector<Variant>& v) {
  using G = Strip<R, S, CY, kInPlace, kPrefetch, kCall>;
  char name[96];
  std::snprintf(name, sizeof name, "strip S=%d CY=%d %s%s%s", S, CY, kInPlace ? "in place" : "separate",
                kPrefetch ? " prefetch" : "", kCall ? " call" : "");
  v.push_back({name, R, S, G::T, G::shared_bytes,
               reinterpret_cast<const void*>(strip_kernel<R, S, CY, kInPlace, kPrefetch, kCall>),
               launch_strip<R, S, CY, kInPlace, kPrefetch, kCall>});
}

// Run 1 (bench/studies/2026-11-29-conv2d-separable-strip.md) also ran the tile with launch bounds of 8
// blocks/SM (spills at r = 7, 8; slower there), S = 64 CY = 8 in place inlined (4 blocks/SM) and
// S = 64 CY = 16 in place as a call: all slower than the variants below at r = 8.
template <int R>
void add(std::vector<Variant>& v) {
  add_tile<R, 0>(v);
  add_strip<R, 64, 8, true, false, true>(v);   // 128 threads, ring of 64 + 2r rows
  add_strip<R, 64, 8, true, true, false>(v);   // 128 threads, next step prefetched
  add_strip<R, 32, 8, true, false, true>(v);   // 64 threads
  add_strip<R, 32, 8, true, true, false>(v);   // 64 threads, prefetched
  add_strip<R, 32, 8, false, true, false>(v);  // 64 threads, separate double-buffered staging
  add_strip<R, 64, 8, false, true, false>(v);  // 128 threads, separate double-buffered staging
  add_strip<R, 16, 8, false, true, false>(v);  // 32 threads, separate double-buffered staging
}

// Chunk rules: C a multiple of S, from S to the whole height. blocks(C) = strips x ceil(H / C);
// slots = SMs x resident blocks per SM.
struct Grid {
  int strips, height, sms, occupancy, r, S;
  long long blocks(int c) const { return 1LL * strips * ((height + c - 1) / c); }
  long long slots() const { return 1LL * sms * occupancy; }
  int whole() const { return round_up(height, S); }
};
// waves: as geometry.hpp's sliding_strip_for, the fewest rows marched per resident slot,
// waves x (C + 2r); a tie goes to the longer chunk.
int rule_waves(const Grid& g) {
  int best = g.S;
  long long best_rows = -1;
  for (int c = g.S; c <= g.whole(); c += g.S) {
    const long long rows = (g.blocks(c) + g.slots() - 1) / g.slots() * (c + 2 * g.r);
    if (best_rows < 0 || rows <= best_rows) best = c, best_rows = rows;
  }
  return best;
}
// under k: the shortest chunk whose blocks fit k waves (blocks <= k x slots): k full waves and
// no tail. (Run 1 also measured sm_rows, the fewest max(ceil(blocks / SMs), occupancy) x (C + 2r):
// 2.4-12.6 points of the copy under each variant's best chunk on average; dropped.)
int rule_under(const Grid& g, int k) {
  for (int c = g.S; c <= g.whole(); c += g.S)
    if (g.blocks(c) <= k * g.slots()) return c;
  return g.whole();
}
// fill k: the longest chunk that still makes at least k waves of blocks (else S).
int rule_fill(const Grid& g, int k) {
  int best = g.S;
  for (int c = g.S; c <= g.whole(); c += g.S)
    if (g.blocks(c) >= k * g.slots()) best = c;
  return best;
}

std::vector<float> weights(int r) {
  std::vector<float> w(2 * r + 1);
  double s = 0;
  for (int i = -r; i <= r; ++i) s += w[i + r] = float(std::exp(-0.5 * i * i / (0.5 * r * r + 0.5)));
  for (auto& x : w) x = float(x / s);
  return w;
}

// The cells checked: every column of rows 0, 1, 5..8 (r), H/2, H-9..H-6 (H-1-r), H-2, H-1, and every row of columns
// at the image's edges, a strip's edges and the middle (so each chunk, step and ring position).
struct Checked {
  std::vector<int> index;  // y * pitch + x
  std::vector<int> xs, ys;
};
Checked checked_cells(int w, int h, int pitch) {
  Checked c;
  std::vector<int> rows = {0, 1, 5, 6, 7, 8, h / 2, h - 9, h - 8, h - 7, h - 6, h - 2, h - 1};
  std::vector<int> cols = {0, 1, 2, 3, 30, 31, 32, 33, 62, 63, 64, 65, w / 2 - 1, w / 2, w - 4, w - 3, w - 2, w - 1};
  std::sort(rows.begin(), rows.end()), rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  std::sort(cols.begin(), cols.end()), cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  for (int y : rows)
    for (int x = 0; x < w; ++x) c.xs.push_back(x), c.ys.push_back(y);
  for (int x : cols)
    for (int y = 0; y < h; ++y)
      if (std::find(rows.begin(), rows.end(), y) == rows.end()) c.xs.push_back(x), c.ys.push_back(y);
  for (std::size_t i = 0; i < c.xs.size(); ++i) c.index.push_back(c.ys[i] * pitch + c.xs[i]);
  return c;
}

// float64 reference of the checked cells: the 2-D correlation with (c_col x c_row), ghost cells 0.
std::vector<double> reference(const std::vector<float>& n, int w, int h, int pitch, const Checked& c, int r) {
  const std::vector<float> f = weights(r);
  std::vector<double> ref(c.xs.size());
  for (std::size_t i = 0; i < c.xs.size(); ++i) {
    double sum = 0;
    for (int fy = -r; fy <= r; ++fy) {
      const int yy = c.ys[i] + fy;
      if (yy < 0 || yy >= h) continue;
      double row = 0;
      for (int fx = -r; fx <= r; ++fx) {
        const int xx = c.xs[i] + fx;
        if (xx >= 0 && xx < w) row += double(f[fx + r]) * n[std::size_t(yy) * pitch + xx];
      }
      sum += double(f[fy + r]) * row;
    }
    ref[i] = sum;
  }
  return ref;
}

__global__ void gather(const float* __restrict__ P, const int* __restrict__ index, int n, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = P[index[i]];
}

// Median of `reps` event-timed runs after at least 20 ms of back-to-back runs, so the SM clock has
// ramped up again after the host's reference and checks (run 1 warmed up with 3 runs only: its
// small sizes read up to 10% slower than the app's bench for the same kernel).
template <typename Run>
float median_ms(const StudyEvents& ev, int reps, Run&& run) {
  float warm = 0;
  CK(cudaEventRecord(ev.start));
  while (warm < 20.0f) {
    for (int i = 0; i < 16; ++i) run();
    CK(cudaEventRecord(ev.stop));
    CK(cudaEventSynchronize(ev.stop));
    CK(cudaEventElapsedTime(&warm, ev.start, ev.stop));
  }
  const std::vector<float> t = time_runs(reps, ev.start, ev.stop, run);
  return t[t.size() / 2];
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  // Optional: only the strips whose names are listed in argv[2], separated by '|' (the tile always runs).
  const std::string only = argc > 2 ? "|" + std::string(argv[2]) + "|" : "";
  auto selected = [&](const Variant& v) {
    return v.S == 0 || only.empty() || only.find("|" + v.name + "|") != std::string::npos;
  };
  // Optional: argv[3] rounds > 0 times each selected variant at the waves rule's chunk only, in that
  // many interleaved rounds (copy, then each variant; each round's % against its own copy).
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 0;
  std::vector<Variant> variants;
  add<5>(variants), add<6>(variants), add<7>(variants), add<8>(variants);

  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int clock_khz = 0, driver = 0, runtime = 0;
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));
  std::printf("GPU %s, %d SMs, max SM clock %d MHz, L2 %d MB, CUDA driver API %d, runtime %d, reps %d\n", prop.name,
              prop.multiProcessorCount, clock_khz / 1000, prop.l2CacheSize >> 20, driver, runtime, reps);
  for (Variant& v : variants) {
    CK(cudaFuncSetAttribute(v.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(v.shared)));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v.occupancy, v.kernel, v.threads, v.shared));
    cudaFuncAttributes a;
    CK(cudaFuncGetAttributes(&a, v.kernel));
    std::printf("r=%d %-32s threads %3d shared %6zu B registers %3d blocks/SM %2d\n", v.r, v.name.c_str(), v.threads,
                v.shared, a.numRegs, v.occupancy);
  }

  std::vector<std::string> summary;
  StudyEvents ev;
  const std::pair<int, int> sizes[] = {{8192, 8192}, {8191, 8191}, {3840, 2160}, {4097, 3001}, {1917, 1081}};
  for (const auto& size : sizes) {
    const int W = size.first, H = size.second, pitch = float4_row_pitch(W);
    const std::size_t cells = std::size_t(pitch) * H;
    // Uniform [0, 1) inputs (positive, so every output's relative error is well defined), zero padding.
    std::vector<float> host(cells, 0.0f);
    unsigned s = 12345u + W;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        host[std::size_t(y) * pitch + x] = ((s = s * 1664525u + 1013904223u) >> 8) * (1.0f / 16777216.0f);
    float *in, *out, *got;
    int* d_index;
    CK(cudaMalloc(&in, cells * 4));
    CK(cudaMalloc(&out, cells * 4));
    CK(cudaMemcpy(in, host.data(), cells * 4, cudaMemcpyHostToDevice));
    const Checked chk = checked_cells(W, H, pitch);
    const int n_chk = int(chk.index.size());
    CK(cudaMalloc(&d_index, n_chk * 4));
    CK(cudaMalloc(&got, n_chk * 4));
    CK(cudaMemcpy(d_index, chk.index.data(), n_chk * 4, cudaMemcpyHostToDevice));
    std::vector<float> h_got(n_chk);

    auto copy = [&] { CK(cudaMemcpyAsync(out, in, cells * 4, cudaMemcpyDeviceToDevice)); };
    std::printf("\n%dx%d (pitch %d): %d cells checked\n", W, H, pitch, n_chk);

    for (int r = 5; r <= 8; ++r) {
      const std::vector<float> f = weights(r);
      CK(cudaMemcpyToSymbol(c_row, f.data(), f.size() * 4));
      CK(cudaMemcpyToSymbol(c_col, f.data(), f.size() * 4));
      const std::vector<double> ref = reference(host, W, H, pitch, chk, r);
      // The copy, timed again for each radius (after the reference, as the kernels are).
      const float copy_ms = median_ms(ev, reps, copy);
      std::printf("%dx%d r=%d copy %.4f ms (%.0f GB/s read + written)\n", W, H, r, copy_ms,
                  2.0 * cells * 4 / copy_ms * 1e-6);
      const int strips = (pitch + kOutX - 1) / kOutX;
      // Check: outputs start as NaN; one launch; the checked cells against the reference: the max
      // relative error.
      auto check = [&](const Variant& v, int chunk) {
        CK(cudaMemset(out, 0xff, cells * 4));
        v.launch(in, out, pitch, H, chunk);
        CK(cudaGetLastError());
        gather<<<(n_chk + 255) / 256, 256>>>(out, d_index, n_chk, got);
        CK(cudaMemcpy(h_got.data(), got, n_chk * 4, cudaMemcpyDeviceToHost));
        double err = 0;
        for (int i = 0; i < n_chk; ++i) {
          const double e = std::fabs(h_got[i] - ref[i]) / std::fabs(ref[i]);
          err = std::isfinite(e) ? std::max(err, e) : INFINITY;
        }
        return err;
      };
      if (rounds > 0) {
        std::vector<const Variant*> vs;
        std::vector<int> vchunk;
        for (const Variant& v : variants) {
          if (v.r != r || !selected(v)) continue;
          const int chunk = v.S ? rule_waves(Grid{strips, H, prop.multiProcessorCount, v.occupancy, r, v.S}) : 64;
          const double err = check(v, chunk);
          std::printf("%dx%d r=%d %-36s chunk %5d: max rel err %.1e%s\n", W, H, r, v.name.c_str(), chunk, err,
                      err < 1e-5 ? "" : "  WRONG (not timed)");
          if (err < 1e-5) vs.push_back(&v), vchunk.push_back(chunk);
        }
        std::vector<std::vector<double>> pcts(vs.size());
        for (int k = 0; k < rounds; ++k) {
          const float cm = median_ms(ev, reps, copy);
          std::printf("%dx%d r=%d round %d copy %.4f ms", W, H, r, k + 1, cm);
          for (std::size_t i = 0; i < vs.size(); ++i) {
            const float ms = median_ms(ev, reps, [&] { vs[i]->launch(in, out, pitch, H, vchunk[i]); });
            CK(cudaGetLastError());
            pcts[i].push_back(100.0 * cm / ms);
            std::printf(" | %.4f ms %.1f%%", ms, pcts[i].back());
          }
          std::printf("\n");
        }
        for (std::size_t i = 0; i < vs.size(); ++i) {
          std::vector<double> p = pcts[i];
          std::sort(p.begin(), p.end());
          char line[256];
          std::snprintf(line, sizeof line, "%dx%d r=%d %-36s chunk %5d: median %5.1f%% (rounds %.1f .. %.1f)", W, H, r,
                        vs[i]->name.c_str(), vchunk[i], p[p.size() / 2], p.front(), p.back());
          summary.push_back(line);
        }
        continue;
      }
      for (const Variant& v : variants) {
        if (v.r != r || !selected(v)) continue;
        std::vector<std::pair<int, std::string>> chunks;  // chunk, the rules that picked it
        if (v.S == 0) {
          chunks.push_back({64, ""});
        } else {
          const Grid g{strips, H, prop.multiProcessorCount, v.occupancy, r, v.S};
          auto add_chunk = [&](int c, const char* why) {
            c = std::min(round_up(c, v.S), g.whole());
            for (auto& e : chunks)
              if (e.first == c) {
                e.second += e.second.empty() ? why : std::string(",") + why;
                return;
              }
            chunks.push_back({c, why});
          };
          for (int c : {64, 128, 256, 512, 1024}) add_chunk(c, "");
          add_chunk(g.whole(), "whole");
          add_chunk(rule_waves(g), "waves");
          add_chunk(rule_fill(g, 1), "fill1");
          add_chunk(rule_fill(g, 2), "fill2");
          add_chunk(rule_under(g, 2), "under2");
          add_chunk(rule_under(g, 3), "under3");
          add_chunk(rule_under(g, 4), "under4");
          std::sort(chunks.begin(), chunks.end());
        }
        double best = 0;
        int best_chunk = 0;
        std::string picks;
        for (const auto& entry : chunks) {
          const int chunk = entry.first;
          const std::string& why = entry.second;
          const double err = check(v, chunk);
          const bool ok = err < 1e-5;
          const long long blocks = 1LL * strips * ((H + chunk - 1) / chunk);
          std::printf("%dx%d r=%d %-36s chunk %5d blocks %6lld waves %5.2f: ", W, H, r, v.name.c_str(), chunk, blocks,
                      double(blocks) / (prop.multiProcessorCount * v.occupancy));
          char pick[64];
          if (!ok) {  // a wrong variant is not timed
            std::printf("WRONG, max rel err %.1e%s%s\n", err, why.empty() ? "" : "  <- ", why.c_str());
            if (!why.empty()) std::snprintf(pick, sizeof pick, "  %s %d WRONG", why.c_str(), chunk), picks += pick;
            continue;
          }
          const float ms = median_ms(ev, reps, [&] { v.launch(in, out, pitch, H, chunk); });
          CK(cudaGetLastError());
          const double pct = 100.0 * copy_ms / ms;
          std::printf("%.4f ms %6.1f%% copy  max rel err %.1e%s%s\n", ms, pct, err, why.empty() ? "" : "  <- ",
                      why.c_str());
          if (pct > best) best = pct, best_chunk = chunk;
          if (!why.empty()) std::snprintf(pick, sizeof pick, "  %s %d: %.1f", why.c_str(), chunk, pct), picks += pick;
        }
        char line[512];
        if (v.S == 0)
          std::snprintf(line, sizeof line, "%dx%d r=%d %-36s %5.1f%%", W, H, r, v.name.c_str(), best);
        else
          std::snprintf(line, sizeof line, "%dx%d r=%d %-36s %5.1f%% best (chunk %d);%s", W, H, r, v.name.c_str(), best,
                        best_chunk, picks.c_str());
        summary.push_back(line);
      }
    }
    CK(cudaFree(in));
    CK(cudaFree(out));
    CK(cudaFree(got));
    CK(cudaFree(d_index));
  }
  std::printf("\nSummary: %% of the copy, best chunk and the chunk rules' picks (a wrong variant is not counted)\n");
  for (const auto& l : summary) std::printf("%s\n", l.c_str());
}
