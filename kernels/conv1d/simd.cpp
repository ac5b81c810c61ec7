// Chunks of kChunk outputs, taken by the threads as they come free (kernels/common/cpu_pool.hpp).
// Four vectors of outputs at a time: each tap's weight is broadcast once and multiplied into the
// four sums, which stay in registers over all 2r+1 taps. A chunk whose window reaches past either
// end of the signal is first copied into a zero-padded buffer, so the ghost cells are real zeros
// and no tap needs a bounds check.
#include "kernels/conv1d/simd.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "kernels/common/cpu_pool.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/conv1d/simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr int kChunk = 16384;  // outputs per chunk: 64 KiB in, 64 KiB out
constexpr int kVectors = 4;    // output vectors in flight: four independent sums hide the FMA latency

// out[i] = sum_j w[j] src[i + j] for i in [0, count): src holds the chunk's window (its input
// shifted by the radius), readable up to count + 2r + kVectors vectors.
void Chunk(const float* w, int taps, const float* src, float* out, int count) {
  const hn::ScalableTag<float> d;
  const int lanes = int(hn::Lanes(d)), step = kVectors * lanes;
  for (int x = 0; x < count; x += step) {
    hn::Vec<decltype(d)> sum[kVectors];
    for (auto& s : sum) s = hn::Zero(d);
    for (int j = 0; j < taps; ++j) {
      const auto weight = hn::Set(d, w[j]);
      HWY_UNROLL(kVectors) for (int v = 0; v < kVectors; ++v) {
        sum[v] = hn::MulAdd(weight, hn::LoadU(d, src + x + v * lanes + j), sum[v]);
      }
    }
    for (int v = 0; v < kVectors; ++v) {
      const int at = x + v * lanes, left = count - at;
      if (left >= lanes)
        hn::StoreU(sum[v], d, out + at);
      else if (left > 0)
        hn::BlendedStore(sum[v], hn::FirstN(d, left), d, out + at);
    }
  }
}

void Conv1d(const float* w, int radius, const float* in, float* out, int length) {
  const int chunks = (length + kChunk - 1) / kChunk;
  const int slack = kVectors * int(hn::Lanes(hn::ScalableTag<float>()));  // read past the last output
  std::vector<std::vector<float>> padded(cpu_threads());                  // a thread's window of an end chunk
  parallel_chunks(chunks, [&](int c, int worker) {
    const int i0 = c * kChunk, count = std::min(kChunk, length - i0);
    const std::ptrdiff_t lo = std::ptrdiff_t(i0) - radius, hi = std::ptrdiff_t(i0) + count + radius + slack;
    if (lo >= 0 && hi <= length) {
      Chunk(w, 2 * radius + 1, in + lo, out + i0, count);
      return;
    }
    std::vector<float>& window = padded[worker];
    window.assign(std::size_t(hi - lo), 0.0f);
    const std::ptrdiff_t from = std::max<std::ptrdiff_t>(lo, 0), to = std::min<std::ptrdiff_t>(hi, length);
    std::memcpy(window.data() + (from - lo), in + from, sizeof(float) * std::size_t(to - from));
    Chunk(w, 2 * radius + 1, window.data(), out + i0, count);
  });
}

}  // namespace HWY_NAMESPACE
}  // namespace tilescope
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tilescope {

HWY_EXPORT(Conv1d);

void conv1d_simd(const Filter1d& f, const float* in, float* out, int length) {
  HWY_DYNAMIC_DISPATCH(Conv1d)(f.weights.data(), f.radius, in, out, length);
}

}  // namespace tilescope
#endif
