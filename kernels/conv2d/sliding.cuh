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

// One input row as a lane holds it: its own 4 columns, and in lane 31 the 4 columns left of the
// warp's span, in lane 0 the 4 columns right of it (the values the wrap-around shuffle delivers).
// Rows that do not start 16 bytes aligned (width % 4 != 0) are loaded as the aligned float4s
// `shift` columns before those (see realigned); lane 1 then loads a third edge float4.
struct SlidingRow {
  float4 own, edge;
  int shift = 0;
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

// Columns s .. s+3 of the 8 in (a, b), as two conditional shifts (by 2, then by 1) of scalars: a
// chain of float4 selects on s became a local-memory table indexed by s (a stack frame).
__device__ __forceinline__ float4 shifted(const float4& a, const float4& b, int s) {
  const bool by2 = s & 2, by1 = s & 1;
  const float c0 = by2 ? a.z : a.x, c1 = by2 ? a.w : a.y, c2 = by2 ? b.x : a.z, c3 = by2 ? b.y : a.w,
              c4 = by2 ? b.z : b.x;
  return make_float4(by1 ? c1 : c0, by1 ? c2 : c1, by1 ? c3 : c2, by1 ? c4 : c3);
}
__device__ __forceinline__ float4 masked(const float4& v, unsigned cols) {
  return make_float4(cols & 1u ? v.x : 0.0f, cols & 2u ? v.y : 0.0f, cols & 4u ? v.z : 0.0f, cols & 8u ? v.w : 0.0f);
}
// a or b, one component at a time (a select between two float4 lvalues takes their addresses,
// which puts them in local memory).
__device__ __forceinline__ float4 pick(bool first, const float4& a, const float4& b) {
  return make_float4(first ? a.x : b.x, first ? a.y : b.y, first ? a.z : b.z, first ? a.w : b.w);
}
__device__ __forceinline__ float4 shfl4(const float4& v, int from) {
  return make_float4(__shfl_sync(0xffffffffu, v.x, from), __shfl_sync(0xffffffffu, v.y, from),
                     __shfl_sync(0xffffffffu, v.z, from), __shfl_sync(0xffffffffu, v.w, from));
}

// An aligned float4 of the input that starts at p, `needed` when any of its columns is; one that
// reaches past either end of the buffer [begin, end) (the last row's last float4) loads its cells
// one by one. Cells it does not load are zero.
__device__ __forceinline__ float4 load_chunk(const float* p, bool needed, const float* begin, const float* end) {
  if (p >= begin && p + 4 <= end) return load4_if(p, needed);
  auto inside = [&](int c) { return needed && p + c >= begin && p + c < end; };
  return make_float4(load1_if(p, inside(0)), load1_if(p + 1, inside(1)), load1_if(p + 2, inside(2)),
                     load1_if(p + 3, inside(3)));
}

// Where a lane reads and writes as it marches: pointers to its columns in the next input row and
// the next output row, stepping one row (down or up) per use. kAligned: width % 4 == 0 and
// 16-byte aligned rows, so 4 columns are wholly inside or outside and move as one float4.
// Otherwise every load and store is still one aligned float4 but for the warp's edges (load_chunk,
// store_next), and shuffles between neighbouring lanes put the columns in place (realigned).
template <bool kAligned>
struct RowCursor {
  const float* in;
  float* out;
  long long step;  // +-width
  int in_row, out_row, dy, height, width;
  int x, warp_x, lane;           // the lane's first column, its warp's, its lane
  int edge_offset;               // edge float4's first column minus the lane's (0 for lanes without one)
  unsigned own_cols, edge_cols;  // bit c: column c of the own / edge float4 is inside the image
  const float *begin, *end;      // the input buffer (unaligned rows)

  // The next input row (zeros where it lies outside the image; unaligned: raw, see realigned).
  __device__ __forceinline__ SlidingRow load_next() {
    const bool row_ok = static_cast<unsigned>(in_row) < static_cast<unsigned>(height);
    SlidingRow row;
    if constexpr (kAligned) {
      row.own = load4_if(in, row_ok && (own_cols & 1u));
      row.edge = load4_if(in + edge_offset, row_ok && (edge_cols & 1u));
    } else {
      // Every lane's columns start a multiple of 4 after the row's, so all share one shift.
      row.shift = static_cast<int>(reinterpret_cast<std::uintptr_t>(in) / sizeof(float) % 4);
      const int c0 = x - row.shift, e0 = c0 + edge_offset;  // the chunks' first columns
      row.own = load_chunk(in - row.shift, row_ok && c0 < width && c0 + 4 > 0, begin, end);
      row.edge =
          load_chunk(in + edge_offset - row.shift, row_ok && edge_offset != 0 && e0 < width && e0 + 4 > 0, begin, end);
    }
    in += step, in_row += dy;
    return row;
  }
  __device__ __forceinline__ void store_next(const float (&sum)[4]) {
    const bool row_ok = static_cast<unsigned>(out_row) < static_cast<unsigned>(height);
    if constexpr (kAligned) {
      store4_if(out, sum[0], sum[1], sum[2], sum[3], row_ok && (own_cols & 1u));
    } else {
      // The aligned float4 D t columns before the lane's: lane 0's first t cells are the warp's
      // on the left, the rest of each D the left neighbour's last t sums and the lane's first
      // 4 - t. Lane 0 also stores the t cells right of the warp: lane 31's last sums.
      const int t = static_cast<int>(reinterpret_cast<std::uintptr_t>(out) / sizeof(float) % 4);
      const float4 own = make_float4(sum[0], sum[1], sum[2], sum[3]);
      const float4 left = shfl4(own, (lane + 31) & 31);
      const float4 d = shifted(pick(t == 0, own, left), own, (4 - t) & 3);
      const float4 right_of_warp = shifted(left, left, (4 - t) & 3);
      const int d0 = x - t, e0 = warp_x + kSlidingLanes * kSlidingColumns - t;
      unsigned ok = 0;
#pragma unroll
      for (int c = 0; c < 4; ++c) ok |= row_ok && d0 + c >= warp_x && d0 + c < width ? 1u << c : 0u;
      float* const p = out - t;
      store4_if(p, d.x, d.y, d.z, d.w, ok == 15u);
#pragma unroll
      for (int c = 0; c < 4; ++c) store1_if(p + c, component(d, c), ok != 15u && (ok >> c & 1u));
#pragma unroll
      for (int c = 0; c < 3; ++c)
        store1_if(p + kSlidingLanes * kSlidingColumns + c, component(right_of_warp, c),
                  lane == 0 && row_ok && c < t && e0 + c < width);
    }
    out += step, out_row += dy;
  }
  // A downward march whose next output is below the image has nothing left to store.
  __device__ __forceinline__ bool past_image() const { return dy > 0 && out_row >= height; }
};

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

// An unaligned row as the aligned one would hold it. The warp's float4s C(-1) .. C(33) start
// `shift` columns early: C(k) is lane k's own for k = 0..31, C(-1) lane 31's edge, C(32) lane 0's
// and C(33) lane 1's. A lane's columns are C(k) from the shift on followed by C(k+1), which the
// lane to its right passes: lane 31 gets C(32) from lane 0's edge; the edges' second halves are
// C(0) (from lane 0, for lane 31) and C(33) (from lane 1, for lane 0). Columns outside the image
// become zero.
__device__ __forceinline__ SlidingRow realigned(const SlidingRow& row, int lane, unsigned own_cols,
                                                unsigned edge_cols) {
  const int right = (lane + 1) & 31;
  const float4 own_next = shfl4(pick(lane == 0, row.edge, row.own), right);
  const float4 edge_next = shfl4(pick(lane == 1, row.edge, row.own), right);
  return SlidingRow{masked(shifted(row.own, own_next, row.shift), own_cols),
                    masked(shifted(row.edge, edge_next, row.shift), edge_cols)};
}

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
template <int R, int kAhead, bool kAligned, bool kUp, class Weights>
__device__ __forceinline__ void march_strip(RowCursor<kAligned> cur, int lane, int M, const Weights& F) {
  constexpr int D = 2 * R + 1;
  static_assert(kAhead >= 1 && kAhead <= 2 * R, "the chunks never load past the strip's end");
  auto w = [&](int fy, int fx) { return F(kUp ? 2 * R - fy : fy, fx); };
  float sum[D][4];
  SlidingRow queue[kAhead];
#pragma unroll
  for (int k = 0; k < kAhead; ++k) queue[k] = cur.load_next();
  // Takes the next input off the queue and, when the strip has one, loads the input kAhead later.
  auto next_window = [&](bool load_more = true) {
    const RowWindow<R> win =
        window_of<R>(kAligned ? queue[0] : realigned(queue[0], lane, cur.own_cols, cur.edge_cols), lane);
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

// Lane `lane` of the warp that covers tile (bx, by): 128 columns of one strip, marching up or down
// as gy.marches_up says; where strips never march up (sliding_alternates), one march is compiled.
template <int R, int kAhead, bool kAligned, class Weights>
__device__ __forceinline__ void sliding_warp(const float* __restrict__ N, float* __restrict__ P, int width, int height,
                                             const Conv2dTiling& gx, const Conv2dTiling& gy, int bx, int by, int lane,
                                             const Weights& F) {
  const SlidingLane l = sliding_lane(gx, bx, lane);
  if (l.warp_x >= width) return;  // the whole warp is right of the image
  const int y0 = gy.out_origin(by), M = gy.strip_chunks(), rows = gy.out_tile_dim();
  const bool up = gy.marches_up(by);
  RowCursor<kAligned> cur;
  cur.dy = up ? -1 : 1;
  cur.step = static_cast<long long>(cur.dy) * width;
  cur.out_row = up ? y0 + rows - 1 : y0;
  cur.in_row = cur.out_row - cur.dy * R;
  cur.in = N + static_cast<long long>(cur.in_row) * width + l.x;
  cur.out = P + static_cast<long long>(cur.out_row) * width + l.x;
  cur.height = height;
  cur.width = width;
  cur.x = l.x;
  cur.warp_x = l.warp_x;
  cur.lane = lane;
  cur.own_cols = columns_inside(l.x, width);
  const bool edge = l.edge_x != kNoEdge;
  cur.edge_offset = edge ? l.edge_x - l.x : 0;
  cur.edge_cols = edge ? columns_inside(l.edge_x, width) : 0u;
  if constexpr (!kAligned) {
    // Lane 1 loads C(33), the second half of lane 0's shifted edge (see realigned).
    if (lane == 1) cur.edge_offset = l.warp_x + gx.out_tile_dim() + kSlidingColumns - l.x;
    cur.begin = N;
    cur.end = N + static_cast<long long>(width) * height;
  }
  if constexpr (sliding_alternates(R)) {
    if (up) return march_strip<R, kAhead, kAligned, true>(cur, lane, M, F);
  }
  march_strip<R, kAhead, kAligned, false>(cur, lane, M, F);
}

}  // namespace tilescope::cuda
