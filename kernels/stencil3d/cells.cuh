#pragma once
// fast's row accesses, shared by the kernel and bench/studies/stencil3d_odd_width.cu.
#include <cuda_runtime.h>

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

}  // namespace tilescope::cuda
