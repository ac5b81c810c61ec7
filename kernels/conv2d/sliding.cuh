#pragma once
// conv2d `sliding` (beyond PMPP ch 7, for small radii): a register sliding window, no shared
// memory. Each lane owns 4 consecutive columns and marches down a strip of rows. Every input row
// is loaded once (one float4) and feeds the 2r+1 outputs in flight, whose sums stay in registers;
// the r columns on either side come from the neighbouring lanes by warp shuffles. Included by
// kernels.cu and by the microbenchmark under bench/studies, so both run the same code.
#include <cuda_runtime.h>

#include "kernels/conv2d/geometry.hpp"

namespace tilescope::cuda {

// One input row as a lane holds it: its own 4 columns, and in lane 31 the 4
// columns left of the warp's span, in lane 0 the 4 columns right of it (the values the
// wrap-around shuffle delivers).
struct SlidingRow {
  float4 own, edge;
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
__device__ __forceinline__ void store4_if(float* p, float a, float b, float c, float d, bool pred) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\t@q st.global.v4.f32 [%0], {%1, %2, %3, %4};\n}" ::"l"(p),
               "f"(a), "f"(b), "f"(c), "f"(d), "r"(int(pred)));
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
  long long step;  // +-pitch
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

// Rows pitch floats apart, a multiple of 4 (conv2d_row_pitch): a lane's 4 columns move as one
// float4, wholly inside or past the padded row, and its window's r columns on either side come by
// shuffles (window_of).
struct PitchedRows : MarchRows {
  using Row = SlidingRow;
  int lane;
  int edge_offset;               // edge float4's first column minus the lane's (0 for lanes without one)
  bool own_inside, edge_inside;  // the own / edge float4 is inside the padded row

  __device__ __forceinline__ Row load_next() {
    const bool row_ok = in_row_ok();
    const Row row{load4_if(in, row_ok && own_inside), load4_if(in + edge_offset, row_ok && edge_inside)};
    next_in();
    return row;
  }
  template <int R>
  __device__ __forceinline__ RowWindow<R> window(const Row& row) const {
    return window_of<R>(row, lane);
  }
  __device__ __forceinline__ void store_next(const float (&sum)[4]) {
    store4_if(out, sum[0], sum[1], sum[2], sum[3], out_row_ok() && own_inside);
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
__device__ __forceinline__ void start_march(MarchRows& cur, const float* N, float* P, int pitch, int height, int x,
                                            int y0, int rows, bool up, int r) {
  cur.dy = up ? -1 : 1;
  cur.step = static_cast<long long>(cur.dy) * pitch;
  cur.out_row = up ? y0 + rows - 1 : y0;
  cur.in_row = cur.out_row - cur.dy * r;
  cur.in = N + static_cast<long long>(cur.in_row) * pitch + x;
  cur.out = P + static_cast<long long>(cur.out_row) * pitch + x;
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

// Lane `lane` of the warp that covers tile (bx, by): 128 columns of one strip, on rows `pitch`
// floats apart whose padding right of the image holds zeros.
template <int R, int kAhead, class Weights>
__device__ __forceinline__ void sliding_warp(const float* __restrict__ N, float* __restrict__ P, int pitch, int height,
                                             const Conv2dTiling& gx, const Conv2dTiling& gy, int bx, int by, int lane,
                                             const Weights& F) {
  const SlidingLane l = sliding_lane(gx, bx, lane);
  if (l.warp_x >= pitch) return;  // the whole warp is right of the image
  const int y0 = gy.out_origin(by), M = gy.strip_chunks(), rows = gy.out_tile_dim();
  const bool up = gy.marches_up(by);
  PitchedRows cur;
  start_march(cur, N, P, pitch, height, l.x, y0, rows, up, R);
  cur.lane = lane;
  cur.own_inside = in_range(l.x, pitch);
  const bool edge = l.edge_x != kNoEdge;
  cur.edge_offset = edge ? l.edge_x - l.x : 0;
  cur.edge_inside = edge && in_range(l.edge_x, pitch);
  march_either_way<R, kAhead>(cur, up, M, F);
}

}  // namespace tilescope::cuda
