#pragma once
// fast's global loads and stores, shared by the kernel and bench/studies/matmul_fast_variants.cu.
#include <cuda_runtime.h>

#include <cstddef>

namespace tilescope::cuda {

// Four consecutive elements of a row-major matrix at (r, c .. c + 3): one 16-byte load when
// kVec (the row length is a multiple of 4, so it is aligned) and all four exist, else element by
// element with zeros outside the matrix.
template <bool kVec>
__device__ __forceinline__ float4 load_float4(const float* __restrict__ A, int r, int c, int height, int width) {
  if (kVec && r < height && c < width) return __ldg(reinterpret_cast<const float4*>(A + std::size_t(r) * width + c));
  float v[4];
#pragma unroll
  for (int q = 0; q < 4; ++q) v[q] = r < height && c + q < width ? A[std::size_t(r) * width + c + q] : 0.0f;
  return make_float4(v[0], v[1], v[2], v[3]);
}

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
