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

// A warp's row of outputs in shared memory, for rows that are not 16-byte aligned (odd widths):
// lane l holds cells xw + 4l .. xw + 4l + 3 of the row, where xw is the warp's first cell. store
// writes them as one float4 per lane and sends the row out with each instruction writing 32
// consecutive floats (coalesced at any alignment).
struct FastOutputRow {
  float* row_s;  // kFastStageRow floats
  int lane;
  unsigned columns;  // bit c: cell xw + lane + 32c is inside the row

  __device__ FastOutputRow(float* row_s_, int lane_, int xw, int width) : row_s(row_s_), lane(lane_), columns(0) {
#pragma unroll
    for (int c = 0; c < 4; ++c) columns |= unsigned(xw + lane + kFastWarp * c < width) << c;
  }
  // The warp's outputs of a row (ok: it is inside the grid) to `row`, its first cell; the caller's
  // next barrier orders these reads before the row is written again.
  __device__ void store(float* row, bool ok, const float (&v)[4]) const {
    reinterpret_cast<float4*>(row_s)[lane] = make_float4(v[0], v[1], v[2], v[3]);
    __syncwarp();
    if (!ok) return;
#pragma unroll
    for (int c = 0; c < 4; ++c)
      if (columns >> c & 1u) row[lane + kFastWarp * c] = row_s[lane + kFastWarp * c];
  }
};

}  // namespace tilescope::cuda
