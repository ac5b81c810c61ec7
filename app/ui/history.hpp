#pragma once
// A fixed-size ring buffer of per-frame values for scrolling plots (the ScrollingBuffer idea), and
// the median of a run of them: the values pushed since start_run(), which all timed the same work.
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
    run_ = std::min(run_ + 1, N);
  }
  // The values pushed from now on are a new run (the plot keeps showing the older ones).
  void start_run() { run_ = 0; }
  std::size_t size() const { return count_; }
  // Oldest first, as ImGui::PlotLines wants with values_offset().
  const float* data() const { return values_.data(); }
  int offset() const { return count_ < N ? 0 : int(next_); }
  float latest() const { return count_ ? values_[(next_ + N - 1) % N] : 0.0f; }
  float max() const { return count_ ? *std::max_element(values_.begin(), values_.begin() + count_) : 0.0f; }
  // How many values run_median(most) takes: the run's last `most`.
  std::size_t run_span(std::size_t most) const { return std::min(run_, most); }
  // The median of the run's last `most` values (of an even count, the mean of the middle two); 0 for
  // an empty run.
  float run_median(std::size_t most) const {
    const std::size_t n = run_span(most);
    if (n == 0) return 0.0f;
    std::array<float, N> last{};
    for (std::size_t i = 0; i < n; ++i) last[i] = values_[(next_ + N - 1 - i) % N];
    const auto mid = last.begin() + n / 2;
    std::nth_element(last.begin(), mid, last.begin() + n);
    if (n % 2) return *mid;
    return (*mid + *std::max_element(last.begin(), mid)) / 2;
  }

 private:
  std::array<float, N> values_{};
  std::size_t next_ = 0, count_ = 0, run_ = 0;
};

}  // namespace tilescope
