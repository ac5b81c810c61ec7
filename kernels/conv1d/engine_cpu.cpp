// The CPU's conv1d engine: the Highway engine (simd.hpp) for every strategy, timed.
#include <algorithm>

#include "kernels/common/wall_clock.hpp"
#include "kernels/conv1d/broken.hpp"
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
    return wall_ms([&] { conv1d_simd(f, input_.data(), output_.data(), p.length); });
  }
  double run_broken(const Conv1dParams& p, Break bug, const Filter1d& f) override {
    validate_conv1d_broken_run(p, bug, f, limits(), int(input_.size()));
    return wall_ms([&] { conv1d_broken_cpu(p, bug, f, input_.data(), output_.data()); });
  }
  void read_output(float* h_out) const override { std::copy(output_.begin(), output_.end(), h_out); }

 private:
  std::vector<float> input_, output_;
};

}  // namespace

std::unique_ptr<Conv1dEngine> make_cpu_conv1d_engine() { return std::make_unique<CpuConv1dEngine>(); }

}  // namespace tilescope
