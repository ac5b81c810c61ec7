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
#include <vector>

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

// One row (y, z) of a block buffer whose rows are `width` cells, sy and sz apart: interior cells
// computed, boundary cells copied (y, z: grid coordinates for the boundary test).
template <int K>
HWY_INLINE void BlockRow(const StencilCoeffs& w, const float* in, float* out, std::ptrdiff_t row, std::ptrdiff_t sy,
                         std::ptrdiff_t sz, int width, bool interior_row) {
  const hn::ScalableTag<float> d;
  const hn::CappedTag<float, 1> one;
  const int lanes = int(hn::Lanes(d));
  if (!interior_row || width <= 2 * K) {
    std::memcpy(out + row, in + row, sizeof(float) * std::size_t(width));
    return;
  }
  std::memcpy(out + row, in + row, sizeof(float) * K);
  std::memcpy(out + row + width - K, in + row + width - K, sizeof(float) * K);
  const int end = width - K;
  if (end - K < lanes) {
    for (int x = K; x < end; ++x) Cells<K>(one, w, in, out, row + x, sy, sz);
    return;
  }
  for (int x = K; x < end; x += lanes) Cells<K>(d, w, in, out, row + (x + lanes <= end ? x : end - lanes), sy, sz);
}

// Temporal blocking on the CPU: each worker advances its block of rows x planes `steps` steps in two
// buffers of its own (temporal_cpu_axis), then writes the block's output rows.
template <int K>
void Steps(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth, int steps) {
  const StencilAxisTiling ay = temporal_cpu_axis(K, steps, kTemporalCpuRows),
                          az = temporal_cpu_axis(K, steps, kTemporalCpuPlanes);
  const int by_count = ay.grid_dim(height), blocks = by_count * az.grid_dim(depth);
  const std::ptrdiff_t gy = width, gz = std::ptrdiff_t(width) * height;
  parallel_chunks(blocks, [&](int b, int) {
    thread_local std::vector<float> a_buf, b_buf;
    const StencilCoeffs w = c;
    const int by = b % by_count, bz = b / by_count;
    // The input block, clipped to the grid: rows [y0, y1), planes [z0, z1).
    const int y0 = std::max(0, ay.in_origin(by)), y1 = std::min(height, ay.in_origin(by) + ay.tile);
    const int z0 = std::max(0, az.in_origin(bz)), z1 = std::min(depth, az.in_origin(bz) + az.tile);
    const std::ptrdiff_t sy = width, sz = std::ptrdiff_t(width) * (y1 - y0);
    const std::size_t cells = std::size_t(sz) * (z1 - z0);
    if (a_buf.size() < cells) a_buf.resize(cells), b_buf.resize(cells);
    float* cur = a_buf.data();
    float* next = b_buf.data();
    for (int z = z0; z < z1; ++z)
      std::memcpy(cur + (z - z0) * sz, in + z * gz + y0 * gy, sizeof(float) * std::size_t(sz));
    for (int s = 1; s <= steps; ++s) {
      // Step s: the rows and planes s K inside the input block (or up to the grid's edge).
      const int ry0 = std::max(y0, ay.in_origin(by) + s * K), ry1 = std::min(y1, ay.in_origin(by) + ay.tile - s * K);
      const int rz0 = std::max(z0, az.in_origin(bz) + s * K), rz1 = std::min(z1, az.in_origin(bz) + az.tile - s * K);
      for (int z = rz0; z < rz1; ++z)
        for (int y = ry0; y < ry1; ++y)
          BlockRow<K>(w, cur, next, (z - z0) * sz + (y - y0) * sy, sy, sz, width,
                      stencil_interior(y, height, K) && stencil_interior(z, depth, K));
      std::swap(cur, next);
    }
    const int oy0 = ay.out_origin(by), oy1 = std::min(height, oy0 + ay.out_tile_dim());
    const int oz0 = az.out_origin(bz), oz1 = std::min(depth, oz0 + az.out_tile_dim());
    for (int z = oz0; z < oz1; ++z)
      std::memcpy(out + z * gz + oy0 * gy, cur + (z - z0) * sz + (oy0 - y0) * sy,
                  sizeof(float) * std::size_t(width) * (oy1 - oy0));
  });
}

void Stencil3dSteps(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth, int steps) {
  if (c.order == 1) Steps<1>(c, in, out, width, height, depth, steps);
  if (c.order == 2) Steps<2>(c, in, out, width, height, depth, steps);
  if (c.order == 3) Steps<3>(c, in, out, width, height, depth, steps);
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
HWY_EXPORT(Stencil3dSteps);

void stencil3d_simd_steps(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth,
                          int steps) {
  HWY_DYNAMIC_DISPATCH(Stencil3dSteps)(c, in, out, width, height, depth, steps);
}

void stencil3d_simd(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth) {
  HWY_DYNAMIC_DISPATCH(Stencil3d)(c, in, out, width, height, depth);
}

}  // namespace tilescope
#endif
