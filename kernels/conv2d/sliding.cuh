#pragma once
// conv2d `sliding` (beyond PMPP ch 7, for small radii): a register sliding window, no shared
// memory. Each lane owns 4 consecutive columns and marches down a strip of rows. Every input row
// is loaded once (one float4) and feeds the 2r+1 outputs in flight, whose sums stay in registers;
// the r columns on either side come from the neighbouring lanes by warp shuffles. Included by
// conv2d_kernels.cu and by the microbenchmark under bench/studies, so both run the same code.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/conv2d/geometry.hpp"

namespace tilescope::cuda {

// One input row as a lane of an aligned march holds it: its own 4 columns, and in lane 31 the 4
// columns left of the warp's span, in lane 0 the 4 columns right of it (the values the
// wrap-around shuffle delivers).
struct SlidingRow {
  float4 own, edge;
};
// One input row as a lane of an unaligned march loads it: columns warp_x + 32c + lane (c = 0..3),
// 32 consecutive floats per load at any alignment, and in lanes 0..7 one of the 4 columns left
// (lanes 0..3) or right (4..7) of the warp's span.
struct StagedRow {
  float cols[kSlidingColumns];
  float halo;
};

__device__ __forceinline__ float component(const float4& q, int c) {
  return c == 0 ? q.x : c == 1 ? q.y : c == 2 ? q.z : q.w;
}

// Loads and stores under a predicate as single predicated instructions: a branch around each
// would split the unrolled march into blocks the scheduler cannot interleave. A load whose
// predicate is false gives zeros (ghost cells) and never dereferences its address.
__device__ __forceinline__ float4 load4_if(const float* p, bool pred) {
  float4 v;
  asm("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\tmov.b32 %0, 0;\n\tmov.b32 %1, 0;\n\tmov.b32 %2, 0;\n\t"
      "mov.b32 %3, 0;\n\t@q ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];\n}"
      : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
      : "l"(p), "r"(int(pred)));
  return v;
}
__device__ __forceinline__ float load1_if(const float* p, bool pred) {
  float v;
  asm("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.b32 %0, 0;\n\t@q ld.global.nc.f32 %0, [%1];\n}"
      : "=f"(v)
      : "l"(p), "r"(int(pred)));
  return v;
}
__device__ __forceinline__ void store4_if(float* p, float a, float b, float c, float d, bool pred) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\t@q st.global.v4.f32 [%0], {%1, %2, %3, %4};\n}" ::"l"(p),
               "f"(a), "f"(b), "f"(c), "f"(d), "r"(int(pred)));
}
__device__ __forceinline__ void store1_if(float* p, float a, bool pred) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t@q st.global.f32 [%0], %1;\n}" ::"l"(p), "f"(a),
               "r"(int(pred)));
}

// Bit c set when column x + c is inside the image.
__device__ __forceinline__ unsigned columns_inside(int x, int width) {
  unsigned bits = 0;
#pragma unroll
  for (int c = 0; c < 4; ++c) bits |= in_range(x + c, width) ? 1u << c : 0u;
  return bits;
}

// The lane's window of one row: columns x - R .. x + 3 + R. Column x - m comes from the lane on
// the left (lane 0: lane 31's edge), column x + 3 + m from the lane on the right (lane 31: lane
// 0's edge), one shuffle each.
template <int R>
struct RowWindow {
  float v[4 + 2 * R];
};

template <int R>
__device__ __forceinline__ RowWindow<R> window_of(const SlidingRow& row, int lane) {
  static_assert(R >= 1 && R <= kSlidingColumns, "a lane's neighbour holds 4 columns");
  RowWindow<R> w;
  w.v[R] = row.own.x, w.v[R + 1] = row.own.y, w.v[R + 2] = row.own.z, w.v[R + 3] = row.own.w;
  const int left = (lane + 31) & 31, right = (lane + 1) & 31;
#pragma unroll
  for (int m = 1; m <= R; ++m) {
    const float to_right = component(lane == 31 ? row.edge : row.own, 4 - m);
    const float to_left = component(lane == 0 ? row.edge : row.own, m - 1);
    w.v[R - m] = __shfl_sync(0xffffffffu, to_right, left);
    w.v[R + 3 + m] = __shfl_sync(0xffffffffu, to_left, right);
  }
  return w;
}

// Where a lane reads and writes as it marches: pointers into the next input row and the next
// output row, stepping one row (down or up) per use.
struct MarchRows {
  const float* in;
  float* out;
  long long step;  // +-width
  int in_row, out_row, dy, height;
  // A downward march whose next output is below the image has nothing left to store.
  __device__ __forceinline__ bool past_image() const { return dy > 0 && out_row >= height; }
  __device__ __forceinline__ bool in_row_ok() const {
    return static_cast<unsigned>(in_row) < static_cast<unsigned>(height);
  }
  __device__ __forceinline__ bool out_row_ok() const {
    return static_cast<unsigned>(out_row) < static_cast<unsigned>(height);
  }
  __device__ __forceinline__ void next_in() { in += step, in_row += dy; }
  __device__ __forceinline__ void next_out() { out += step, out_row += dy; }
};

// Rows of width % 4 == 0 (16-byte aligned): a lane's 4 columns move as one float4, wholly inside
// or outside the image, and its window's r columns on either side come by shuffles (window_of).
struct AlignedRows : MarchRows {
  using Row = SlidingRow;
  int lane;
  int edge_offset;               // edge float4's first column minus the lane's (0 for lanes without one)
  unsigned own_cols, edge_cols;  // bit 0: the own / edge float4 is inside the image

  __device__ __forceinline__ Row load_next() {
    const bool row_ok = in_row_ok();
    const Row row{load4_if(in, row_ok && (own_cols & 1u)), load4_if(in + edge_offset, row_ok && (edge_cols & 1u))};
    next_in();
    return row;
  }
  template <int R>
  __device__ __forceinline__ RowWindow<R> window(const Row& row) const {
    return window_of<R>(row, lane);
  }
  __device__ __forceinline__ void store_next(const float (&sum)[4]) {
    store4_if(out, sum[0], sum[1], sum[2], sum[3], out_row_ok() && (own_cols & 1u));
    next_out();
  }
};

// Rows that do not start 16 bytes aligned (width % 4 != 0): every load and store moves 32
// consecutive floats, coalesced at any alignment, and the warp's slice of shared memory turns
// them into the lanes' 4 consecutive columns and back (a transpose, no shifts or shuffles).
// Its columns: in[k] is column warp_x - 4 + k, out[k] the warp's output column warp_x + k.
struct SlidingStage {
  alignas(16) float in[kSlidingStageIn];
  alignas(16) float out[kSlidingLanes * kSlidingColumns];
};
static_assert(sizeof(SlidingStage) == kSlidingStageCells * sizeof(float), "launch_geometry counts the stage's cells");
struct StagedRows : MarchRows {
  using Row = StagedRow;
  SlidingStage* stage;
  int lane;
  int halo_offset;   // the halo column's offset from column warp_x + lane: -4 (lanes 0..3) or 124 (4..7)
  int halo_slot;     // its place in stage->in
  unsigned cols_ok;  // bit c: column warp_x + 32c + lane is inside the image; bit 4: the lane's halo column is

  __device__ __forceinline__ Row load_next() {
    const bool row_ok = in_row_ok();
    Row row;
#pragma unroll
    for (int c = 0; c < kSlidingColumns; ++c)
      row.cols[c] = load1_if(in + kSlidingLanes * c, row_ok && (cols_ok >> c & 1u));
    row.halo = load1_if(in + halo_offset, row_ok && (cols_ok >> kSlidingColumns & 1u));
    next_in();
    return row;
  }
  template <int R>
  __device__ __forceinline__ RowWindow<R> window(const Row& row) const {
    __syncwarp();  // every lane has read the previous row
#pragma unroll
    for (int c = 0; c < kSlidingColumns; ++c) stage->in[kSlidingColumns + kSlidingLanes * c + lane] = row.cols[c];
    if (lane < 2 * kSlidingColumns) stage->in[halo_slot] = row.halo;
    __syncwarp();
    const float4* q = reinterpret_cast<const float4*>(stage->in) + lane;
    const float4 left = q[0], own = q[1], right = q[2];
    RowWindow<R> w;
    w.v[R] = own.x, w.v[R + 1] = own.y, w.v[R + 2] = own.z, w.v[R + 3] = own.w;
#pragma unroll
    for (int m = 1; m <= R; ++m) w.v[R - m] = component(left, 4 - m), w.v[R + 3 + m] = component(right, m - 1);
    return w;
  }
  // Called after window(), whose first barrier ordered every lane's reads of stage->out before.
  __device__ __forceinline__ void store_next(const float (&sum)[4]) {
    reinterpret_cast<float4*>(stage->out)[lane] = make_float4(sum[0], sum[1], sum[2], sum[3]);
    __syncwarp();
    const bool row_ok = out_row_ok();
#pragma unroll
    for (int c = 0; c < kSlidingColumns; ++c)
      store1_if(out + kSlidingLanes * c, stage->out[kSlidingLanes * c + lane], row_ok && (cols_ok >> c & 1u));
    next_out();
  }
};

// Adds input row (window w) times filter row fy to the 4 sums of one output; kFirst: the output's
// first row (filter row 0 in march order), which starts the sums instead of adding to them.
template <int R, bool kFirst, class Weights>
__device__ __forceinline__ void accumulate(float (&sum)[4], const RowWindow<R>& w, const Weights& F, int fy) {
#pragma unroll
  for (int fx = 0; fx < 2 * R + 1; ++fx)
#pragma unroll
    for (int c = 0; c < 4; ++c) sum[c] = kFirst && fx == 0 ? F(fy, fx) * w.v[c] : fmaf(F(fy, fx), w.v[c + fx], sum[c]);
}

// One lane's strip. In march order input row i (0 .. M D + 4R - 1) feeds outputs i - fy,
// fy = 0..2R, with filter row fy (mirrored when the strip marches up). Output o's sums live in
// slot o % D and are complete after input o + 2R. Rows are loaded kAhead rows before they are
// used; the queue shifts by renaming within an unrolled chunk. kAhead <= 2R, so only the
// epilogue's last steps have no row left to load, which the unrolled code knows.
template <int R, int kAhead, bool kUp, class Weights, class Rows>
__device__ __forceinline__ void march_strip(Rows cur, int M, const Weights& F) {
  constexpr int D = 2 * R + 1;
  static_assert(kAhead >= 1 && kAhead <= 2 * R, "the chunks never load past the strip's end");
  auto w = [&](int fy, int fx) { return F(kUp ? 2 * R - fy : fy, fx); };
  float sum[D][4];
  typename Rows::Row queue[kAhead];
#pragma unroll
  for (int k = 0; k < kAhead; ++k) queue[k] = cur.load_next();
  // Takes the next input off the queue and, when the strip has one, loads the input kAhead later.
  auto next_window = [&](bool load_more = true) {
    const RowWindow<R> win = cur.template window<R>(queue[0]);
#pragma unroll
    for (int k = 0; k + 1 < kAhead; ++k) queue[k] = queue[k + 1];
    if (load_more) queue[kAhead - 1] = cur.load_next();
    return win;
  };
  // Input 2R + c D + k of a chunk: starts output c D + k + 2R, completes output c D + k.
  auto chunk_row = [&](int k) {
    const RowWindow<R> win = next_window();
    accumulate<R, true>(sum[(2 * R + k) % D], win, w, 0);
#pragma unroll
    for (int fy = 1; fy < D; ++fy) accumulate<R, false>(sum[(2 * R + k - fy) % D], win, w, fy);
    cur.store_next(sum[k]);
  };

  // Prologue: inputs 0 .. 2R-1 feed only outputs o = i - fy >= 0.
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) {
    const RowWindow<R> win = next_window();
    accumulate<R, true>(sum[i], win, w, 0);
#pragma unroll
    for (int fy = 1; fy <= i; ++fy) accumulate<R, false>(sum[i - fy], win, w, fy);
  }
#pragma unroll 1
  for (int c = 0; c < M; ++c) {
    if (cur.past_image()) return;  // the last strip's rows below the image
#pragma unroll
    for (int k = 0; k < D; ++k) chunk_row(k);
  }
  // Epilogue: inputs M D + 2R + t feed only outputs inside the strip (fy > t).
#pragma unroll
  for (int t = 0; t < 2 * R; ++t) {
    const RowWindow<R> win = next_window(t + kAhead < 2 * R);
#pragma unroll
    for (int fy = t + 1; fy < D; ++fy) accumulate<R, false>(sum[(2 * R + t - fy) % D], win, w, fy);
    cur.store_next(sum[t]);
  }
}

// The march's rows from the strip's first (y0, or its last when it marches up), r rows ahead for
// input.
__device__ __forceinline__ void start_march(MarchRows& cur, const float* N, float* P, int width, int height, int x,
                                            int y0, int rows, bool up, int r) {
  cur.dy = up ? -1 : 1;
  cur.step = static_cast<long long>(cur.dy) * width;
  cur.out_row = up ? y0 + rows - 1 : y0;
  cur.in_row = cur.out_row - cur.dy * r;
  cur.in = N + static_cast<long long>(cur.in_row) * width + x;
  cur.out = P + static_cast<long long>(cur.out_row) * width + x;
  cur.height = height;
}

// Marches the strip up or down as gy.marches_up says; where strips never march up
// (sliding_alternates), one march is compiled.
template <int R, int kAhead, class Weights, class Rows>
__device__ __forceinline__ void march_either_way(Rows cur, bool up, int M, const Weights& F) {
  if constexpr (sliding_alternates(R)) {
    if (up) return march_strip<R, kAhead, true>(cur, M, F);
  }
  march_strip<R, kAhead, false>(cur, M, F);
}

// Lane `lane` of the warp that covers tile (bx, by): 128 columns of one strip. Unaligned rows
// (kAligned false) go through the warp's `stage` in shared memory.
template <int R, int kAhead, bool kAligned, class Weights>
__device__ __forceinline__ void sliding_warp(const float* __restrict__ N, float* __restrict__ P, int width, int height,
                                             const Conv2dTiling& gx, const Conv2dTiling& gy, int bx, int by, int lane,
                                             const Weights& F, SlidingStage* stage) {
  const SlidingLane l = sliding_lane(gx, bx, lane);
  if (l.warp_x >= width) return;  // the whole warp is right of the image
  const int y0 = gy.out_origin(by), M = gy.strip_chunks(), rows = gy.out_tile_dim();
  const bool up = gy.marches_up(by);
  if constexpr (kAligned) {
    AlignedRows cur;
    start_march(cur, N, P, width, height, l.x, y0, rows, up, R);
    cur.lane = lane;
    cur.own_cols = columns_inside(l.x, width);
    const bool edge = l.edge_x != kNoEdge;
    cur.edge_offset = edge ? l.edge_x - l.x : 0;
    cur.edge_cols = edge ? columns_inside(l.edge_x, width) : 0u;
    march_either_way<R, kAhead>(cur, up, M, F);
  } else {
    StagedRows cur;
    start_march(cur, N, P, width, height, l.warp_x + lane, y0, rows, up, R);
    cur.stage = stage;
    cur.lane = lane;
    cur.halo_offset = lane < kSlidingColumns ? -kSlidingColumns : kSlidingLanes * kSlidingColumns - kSlidingColumns;
    cur.halo_slot = lane < kSlidingColumns ? lane : kSlidingLanes * kSlidingColumns + lane;
    unsigned ok = 0;
#pragma unroll
    for (int c = 0; c < kSlidingColumns; ++c) ok |= l.warp_x + kSlidingLanes * c + lane < width ? 1u << c : 0u;
    // Lanes 0..7 load the 4 columns on either side, the cells the aligned march's edge float4s hold.
    const bool halo = lane < 2 * kSlidingColumns && in_range(l.warp_x + lane + cur.halo_offset, width);
    cur.cols_ok = ok | (halo ? 1u << kSlidingColumns : 0u);
    march_either_way<R, kAhead>(cur, up, M, F);
  }
}

}  // namespace tilescope::cuda
