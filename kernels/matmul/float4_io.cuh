#pragma once
// fast's stores of P, shared by the kernel and the matmul studies (bench/studies/matmul_*).
#include <cuda_runtime.h>

#include <cstddef>

namespace tilescope::cuda {

// Stores v[0..3] at (r, c .. c + 3) of a row-major matrix `width` wide, r inside it: one 16-byte store
// when kVec and c is inside, else element by element, skipping columns past the edge.
template <bool kVec>
__device__ __forceinline__ void store_float4(float* __restrict__ A, int r, int c, int width, const float* v) {
  float* out = A + std::size_t(r) * width + c;
  if (kVec && c < width) {
    *reinterpret_cast<float4*>(out) = make_float4(v[0], v[1], v[2], v[3]);
  } else {
#pragma unroll
    for (int q = 0; q < 4; ++q)
      if (c + q < width) out[q] = v[q];
  }
}

}  // namespace tilescope::cuda
