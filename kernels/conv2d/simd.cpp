// A band of rows per thread; each thread copies the input rows it reads into a ring of
// zero-padded rows (the ghost cells become real zeros, so no tap needs a bounds check), then
// computes kRows output rows at a time, one vector of columns at a time, the kRows sums staying
// in registers over all (2r+1)^2 taps.
#include "kernels/conv2d/simd.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/conv2d/params.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/conv2d/simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr int kRows = 8;  // output rows per block: eight independent sums hide the FMA latency

// Output rows y .. y + kRows - 1 (out[b] null past the band) from input rows y - r + i (rows[i],
// each shifted right by r zeros; a row of zeros for ghost rows). Each tap's weight is broadcast
// once and multiplied into the kRows sums.
void BlockOfRows(const float* const* rows, const float* w, int radius, float* const* out, int width) {
  const int n = 2 * radius + 1;
  const hn::ScalableTag<float> d;
  const int lanes = int(hn::Lanes(d));
  for (int x = 0; x < width; x += lanes) {
    hn::Vec<decltype(d)> sum[kRows];
    for (auto& s : sum) s = hn::Zero(d);
    for (int dy = 0; dy < n; ++dy)
      for (int dx = 0; dx < n; ++dx) {
        const auto weight = hn::Set(d, w[dy * n + dx]);
        HWY_UNROLL(kRows) for (int b = 0; b < kRows; ++b) {
          sum[b] = hn::MulAdd(weight, hn::LoadU(d, rows[b + dy] + x + dx), sum[b]);
        }
      }
    const int count = width - x < lanes ? width - x : lanes;
    for (int b = 0; b < kRows; ++b) {
      if (!out[b]) continue;
      if (count == lanes)
        hn::StoreU(sum[b], d, out[b] + x);
      else
        hn::BlendedStore(sum[b], hn::FirstN(d, count), d, out[b] + x);
    }
  }
}

// Output rows [y0, y1).
void Band(const float* w, int radius, const float* in, float* out, int width, int height, int y0, int y1) {
  const int ring_rows = kRows + 2 * radius;
  const int lanes = int(hn::Lanes(hn::ScalableTag<float>()));
  const std::size_t stride = std::size_t((width + lanes - 1) / lanes * lanes + 2 * radius);
  std::vector<float> ring(ring_rows * stride, 0.0f), zeros(stride, 0.0f);
  auto slot = [&](int iy) { return ring.data() + std::size_t((iy - (y0 - radius)) % ring_rows) * stride; };
  int copied = y0 - radius;  // the next input row to copy into the ring
  const float* rows[kRows + 2 * kMaxConv2dRadius];
  float* outs[kRows];
  for (int y = y0; y < y1; y += kRows) {
    for (; copied < y + kRows + radius; ++copied)
      if (copied >= 0 && copied < height)
        std::memcpy(slot(copied) + radius, in + std::size_t(copied) * width, sizeof(float) * std::size_t(width));
    for (int i = 0; i < ring_rows; ++i) {
      const int iy = y - radius + i;
      rows[i] = iy >= 0 && iy < height ? slot(iy) : zeros.data();
    }
    for (int b = 0; b < kRows; ++b) outs[b] = y + b < y1 ? out + std::size_t(y + b) * width : nullptr;
    BlockOfRows(rows, w, radius, outs, width);
  }
}

void Conv2d(const float* w, int radius, const float* in, float* out, int width, int height) {
  const int blocks = (height + kRows - 1) / kRows;
#pragma omp parallel
  {
    // Whole blocks of rows, as evenly as they divide.
    const int t = omp_get_thread_num(), threads = omp_get_num_threads();
    const int y0 = std::min(height, blocks * t / threads * kRows);
    const int y1 = std::min(height, blocks * (t + 1) / threads * kRows);
    if (y0 < y1) Band(w, radius, in, out, width, height, y0, y1);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace tilescope
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tilescope {

HWY_EXPORT(Conv2d);

void conv2d_simd(const Filter2d& f, const float* in, float* out, int width, int height) {
  HWY_DYNAMIC_DISPATCH(Conv2d)(f.weights.data(), f.radius, in, out, width, height);
}

}  // namespace tilescope
#endif
