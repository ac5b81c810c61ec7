// Each interior row is a run of vectors along x: the 6k+1 weights are broadcast once into
// registers (k is a compile-time constant), each output vector is 6k+1 fused multiply-adds on
// unaligned loads of its neighbours along x and on the rows k above and below in y and z (in
// cache: each chunk is a contiguous run of rows). A row's last vector overlaps the one before
// rather than reading past the row; rows narrower than a vector go one cell at a time through the
// same code with one-lane vectors. Boundary rows and cells are copied. The threads take chunks of
// rows as they come free (kernels/common/cpu_pool.hpp).
#include "kernels/stencil3d/simd.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "kernels/common/cpu_pool.hpp"
#include "kernels/stencil3d/geometry.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/stencil3d/simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out[i .. i + Lanes(d)) for interior cells i, neighbours sy (y) and sz (z) elements away.
template <int K, class D>
HWY_INLINE void Cells(D d, const StencilCoeffs& c, const float* in, float* out, std::ptrdiff_t i, std::ptrdiff_t sy,
                      std::ptrdiff_t sz) {
  auto sum = hn::Mul(hn::Set(d, c.centre), hn::LoadU(d, in + i));
  HWY_UNROLL(8) for (int o = 1; o <= K; ++o) {
    sum = hn::MulAdd(hn::Set(d, c.weight(0, -o)), hn::LoadU(d, in + i - o), sum);
    sum = hn::MulAdd(hn::Set(d, c.weight(0, o)), hn::LoadU(d, in + i + o), sum);
    sum = hn::MulAdd(hn::Set(d, c.weight(1, -o)), hn::LoadU(d, in + i - o * sy), sum);
    sum = hn::MulAdd(hn::Set(d, c.weight(1, o)), hn::LoadU(d, in + i + o * sy), sum);
    sum = hn::MulAdd(hn::Set(d, c.weight(2, -o)), hn::LoadU(d, in + i - o * sz), sum);
    sum = hn::MulAdd(hn::Set(d, c.weight(2, o)), hn::LoadU(d, in + i + o * sz), sum);
  }
  hn::StoreU(sum, d, out + i);
}

constexpr int kChunkRows = 64;  // rows per chunk, the unit the threads take as they come free

template <int K>
void Stencil(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth) {
  const hn::ScalableTag<float> d;
  const hn::CappedTag<float, 1> one;
  const int lanes = int(hn::Lanes(d));
  const std::ptrdiff_t sy = width, sz = std::ptrdiff_t(width) * height;
  const int rows = depth * height;
  parallel_chunks((rows + kChunkRows - 1) / kChunkRows, [&](int chunk, int) {
    const StencilCoeffs w = c;  // the thread's own copy: no store to out can change it, so it stays in registers
    for (int r = chunk * kChunkRows; r < std::min(rows, (chunk + 1) * kChunkRows); ++r) {
      const int z = r / height, y = r % height;
      const std::ptrdiff_t row = z * sz + y * sy;
      if (!stencil_interior(z, depth, K) || !stencil_interior(y, height, K) || width <= 2 * K) {
        std::memcpy(out + row, in + row, sizeof(float) * std::size_t(width));
        continue;
      }
      std::memcpy(out + row, in + row, sizeof(float) * K);
      std::memcpy(out + row + width - K, in + row + width - K, sizeof(float) * K);
      const int end = width - K;  // interior cells are [K, end)
      if (end - K < lanes) {
        for (int x = K; x < end; ++x) Cells<K>(one, w, in, out, row + x, sy, sz);
        continue;
      }
      for (int x = K; x < end; x += lanes) Cells<K>(d, w, in, out, row + (x + lanes <= end ? x : end - lanes), sy, sz);
    }
  });
}

void Stencil3d(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth) {
  static_assert(kMaxStencil3dRadius == 3, "one Stencil per order");
  if (c.order == 1) Stencil<1>(c, in, out, width, height, depth);
  if (c.order == 2) Stencil<2>(c, in, out, width, height, depth);
  if (c.order == 3) Stencil<3>(c, in, out, width, height, depth);
}

}  // namespace HWY_NAMESPACE
}  // namespace tilescope
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tilescope {

HWY_EXPORT(Stencil3d);

void stencil3d_simd(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth) {
  HWY_DYNAMIC_DISPATCH(Stencil3d)(c, in, out, width, height, depth);
}

}  // namespace tilescope
#endif
