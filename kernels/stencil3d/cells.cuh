#pragma once
// fast's row accesses, shared by the kernel and bench/studies/stencil3d_odd_width.cu.
#include <cuda_runtime.h>

#include "kernels/stencil3d/geometry.hpp"

namespace tilescope::cuda {

// V consecutive floats as one 16-, 8- or 4-byte access (the caller guarantees the alignment).
template <int V>
__device__ __forceinline__ void load_cells(const float* p, float (&v)[V]) {
  if constexpr (V == 4) {
    const float4 t = __ldg(reinterpret_cast<const float4*>(p));
    v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
  } else if constexpr (V == 2) {
    const float2 t = __ldg(reinterpret_cast<const float2*>(p));
    v[0] = t.x, v[1] = t.y;
  } else {
    v[0] = __ldg(p);
  }
}
template <int V>
__device__ __forceinline__ void store_cells(float* p, const float (&v)[V]) {
  if constexpr (V == 4)
    *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]);
  else if constexpr (V == 2)
    *reinterpret_cast<float2*>(p) = make_float2(v[0], v[1]);
  else
    p[0] = v[0];
}

// A warp's stage in shared memory, for rows that are not 16-byte aligned (odd widths): lane l owns
// cells xw + 4l .. xw + 4l + 3 of each row, where xw is the warp's first cell. fetch loads a row
// into a slot with each instruction reading 32 consecutive floats (coalesced at any alignment);
// after a __syncwarp, read gives each lane its 4 cells as one float4. store sends a row of
// outputs back the same way.
struct FastStage {
  float* rows;  // this warp's slots, kFastStageRow floats each
  int lane;
  unsigned columns;  // bit c: cell xw + lane + 32c is inside the row

  __device__ FastStage(float* rows_, int lane_, int xw, int width) : rows(rows_), lane(lane_), columns(0) {
#pragma unroll
    for (int c = 0; c < 4; ++c) columns |= unsigned(xw + lane + kFastWarp * c < width) << c;
  }
  // row: the warp's first cell of a row; ok: the row is inside the grid (else zeros).
  __device__ void fetch(int slot, const float* row, bool ok) const {
#pragma unroll
    for (int c = 0; c < 4; ++c)
      rows[slot * kFastStageRow + lane + kFastWarp * c] =
          ok && (columns >> c & 1u) ? __ldg(row + lane + kFastWarp * c) : 0.0f;
  }
  __device__ void read(int slot, float (&v)[4]) const {
    const float4 t = reinterpret_cast<const float4*>(rows + slot * kFastStageRow)[lane];
    v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
  }
  // The warp's outputs of a row (ok: it is inside the grid) to `row`, its first cell, through
  // `slot`; the caller's next __syncwarp orders these reads before the slot is written again.
  __device__ void store(int slot, float* row, bool ok, const float (&v)[4]) const {
    float* s = rows + slot * kFastStageRow;
    reinterpret_cast<float4*>(s)[lane] = make_float4(v[0], v[1], v[2], v[3]);
    __syncwarp();
    if (!ok) return;
#pragma unroll
    for (int c = 0; c < 4; ++c)
      if (columns >> c & 1u) row[lane + kFastWarp * c] = s[lane + kFastWarp * c];
  }
};

}  // namespace tilescope::cuda
