#pragma once
// fast's global loads, shared by the kernel and bench/studies/matmul_fast_variants.cu.
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

}  // namespace tilescope::cuda
