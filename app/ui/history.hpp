#pragma once
// A fixed-size ring buffer of per-frame values for scrolling plots (the ScrollingBuffer idea).
#include <algorithm>
#include <array>
#include <cstddef>

namespace tilescope {

template <std::size_t N>
class History {
 public:
  void push(float v) {
    values_[next_] = v;
    next_ = (next_ + 1) % N;
    count_ = std::min(count_ + 1, N);
  }
  std::size_t size() const { return count_; }
  // Oldest first, as ImGui::PlotLines wants with values_offset().
  const float* data() const { return values_.data(); }
  int offset() const { return count_ < N ? 0 : int(next_); }
  float latest() const { return count_ ? values_[(next_ + N - 1) % N] : 0.0f; }
  float max() const { return count_ ? *std::max_element(values_.begin(), values_.begin() + count_) : 0.0f; }

 private:
  std::array<float, N> values_{};
  std::size_t next_ = 0, count_ = 0;
};

}  // namespace tilescope
