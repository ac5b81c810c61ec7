// The CPU's conv1d engine: the Highway engine (simd.hpp) for every strategy, timed.
#include <algorithm>
#include <chrono>

#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/simd.hpp"

namespace tilescope {
namespace {

class CpuConv1dEngine final : public Conv1dEngine {
 public:
  CpuConv1dEngine() : Conv1dEngine(DeviceLimits{}) {}

  void load_input(const float* h_in, int length) override {
    input_.assign(h_in, h_in + length);
    output_.assign(input_.size(), 0.0f);
  }
  double run(const Conv1dParams& p, const Filter1d& f) override {
    validate_conv1d_run(p, f, limits(), int(input_.size()));
    const auto t0 = std::chrono::steady_clock::now();
    conv1d_simd(f, input_.data(), output_.data(), p.length);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  void read_output(float* h_out) const override { std::copy(output_.begin(), output_.end(), h_out); }

 private:
  std::vector<float> input_, output_;
};

}  // namespace

std::unique_ptr<Conv1dEngine> make_cpu_conv1d_engine() { return std::make_unique<CpuConv1dEngine>(); }

}  // namespace tilescope
