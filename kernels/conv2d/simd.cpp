// Bands of rows, taken by the threads as they come free (kernels/common/cpu_pool.hpp); each
// thread copies the input rows it reads into a ring of zero-padded rows (the ghost cells become
// real zeros, so no tap needs a bounds check), then computes kRows output rows at a time, one
// vector of columns at a time, the kRows sums staying in registers over all (2r+1)^2 taps. The
// radius is a compile-time constant (one Band per radius), so the loops over filter and output
// rows unroll and each input vector is loaded once per tap column.
#include "kernels/conv2d/simd.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "kernels/common/cpu_pool.hpp"
#include "kernels/conv2d/params.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/conv2d/simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr int kRows = 8;              // output rows per block: eight independent sums hide the FMA latency
constexpr int kBandRows = 8 * kRows;  // rows per band, the unit the threads take as they come free

// Output rows y .. y + kRows - 1 (out[b] null past the band) from input rows y - R + i (rows[i],
// each shifted right by R zeros; a row of zeros for ghost rows). For each column of taps dx, its
// 2R+1 weights are broadcast into registers and every input vector loaded is multiplied into each
// of the kRows sums it reaches (up to 2R+1): one load per input row and tap column, not per tap.
template <int R>
void BlockOfRows(const float* const* rows, const float* w, float* const* out, int width) {
  constexpr int n = 2 * R + 1;
  const hn::ScalableTag<float> d;
  const int lanes = int(hn::Lanes(d));
  for (int x = 0; x < width; x += lanes) {
    hn::Vec<decltype(d)> sum[kRows];
    for (auto& s : sum) s = hn::Zero(d);
    HWY_UNROLL(1) for (int dx = 0; dx < n; ++dx) {
      hn::Vec<decltype(d)> column[n];
      HWY_UNROLL(32) for (int dy = 0; dy < n; ++dy) column[dy] = hn::Set(d, w[dy * n + dx]);
      HWY_UNROLL(32) for (int i = 0; i < kRows + 2 * R; ++i) {
        const auto v = hn::LoadU(d, rows[i] + x + dx);
        HWY_UNROLL(kRows) for (int b = 0; b < kRows; ++b) {
          if (i - b >= 0 && i - b < n) sum[b] = hn::MulAdd(column[i - b], v, sum[b]);
        }
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

// A thread's copies of the input rows it reads, each shifted right by r zeros and padded with
// zeros on the right to whole vectors plus r; and a row of zeros for the ghost rows.
struct Ring {
  Ring(int radius, int width) {
    const int lanes = int(hn::Lanes(hn::ScalableTag<float>()));
    stride = std::size_t((width + lanes - 1) / lanes * lanes + 2 * radius);
    rows.assign((kRows + 2 * radius) * stride, 0.0f);
    zeros.assign(stride, 0.0f);
  }
  std::size_t stride;
  std::vector<float> rows, zeros;
};

// Output rows [y0, y1).
template <int R>
void Band(const float* w, const float* in, float* out, int width, int height, int y0, int y1, Ring& ring) {
  constexpr int ring_rows = kRows + 2 * R;
  auto slot = [&](int iy) { return ring.rows.data() + std::size_t((iy - (y0 - R)) % ring_rows) * ring.stride; };
  int copied = y0 - R;  // the next input row to copy into the ring
  const float* rows[ring_rows];
  float* outs[kRows];
  for (int y = y0; y < y1; y += kRows) {
    for (; copied < y + kRows + R; ++copied)
      if (copied >= 0 && copied < height)
        std::memcpy(slot(copied) + R, in + std::size_t(copied) * width, sizeof(float) * std::size_t(width));
    for (int i = 0; i < ring_rows; ++i) {
      const int iy = y - R + i;
      rows[i] = iy >= 0 && iy < height ? slot(iy) : ring.zeros.data();
    }
    for (int b = 0; b < kRows; ++b) outs[b] = y + b < y1 ? out + std::size_t(y + b) * width : nullptr;
    BlockOfRows<R>(rows, w, outs, width);
  }
}

using BandFn = void (*)(const float*, const float*, float*, int, int, int, int, Ring&);
static_assert(kMaxConv2dRadius == 8, "one Band per radius");
constexpr BandFn kBands[] = {nullptr, Band<1>, Band<2>, Band<3>, Band<4>, Band<5>, Band<6>, Band<7>, Band<8>};

void Conv2d(const float* w, int radius, const float* in, float* out, int width, int height) {
  std::vector<std::optional<Ring>> rings(cpu_threads());  // made by the thread's first band
  parallel_chunks((height + kBandRows - 1) / kBandRows, [&](int band, int worker) {
    if (!rings[worker]) rings[worker].emplace(radius, width);
    kBands[radius](w, in, out, width, height, band * kBandRows, std::min(height, (band + 1) * kBandRows),
                   *rings[worker]);
  });
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
