// The CPU's conv2d engine: the Highway engine (simd.hpp) for every strategy, timed.
#include <algorithm>

#include "kernels/common/wall_clock.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/demo_scene_cpu.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/simd.hpp"

namespace tilescope {
namespace {

class CpuConv2dEngine final : public Conv2dEngine {
 public:
  CpuConv2dEngine() : Conv2dEngine(DeviceLimits{}) {}

  void load_input(const float* h_in, int width, int height) override {
    resize(width, height);
    std::copy(h_in, h_in + input_.size(), input_.begin());
  }
  void render_demo_input(DemoScene scene, int width, int height, float t) override {
    resize(width, height);
    demo_scene_cpu(scene, input_.data(), width, height, t);
  }
  double run(const Conv2dParams& p, const Filter2d& f) override {
    validate_conv2d_run(p, f, limits());
    return timed(p, [&] { conv2d_simd(f, input_.data(), output_.data(), p.width, p.height); });
  }
  double run_broken(const Conv2dParams& p, Break bug, const Filter2d& f) override {
    validate_conv2d_broken_run(p, bug, f, limits());
    return timed(p, [&] { conv2d_broken_cpu(p, bug, f, input_.data(), output_.data()); });
  }
  void read_input(float* h_in) const override { std::copy(input_.begin(), input_.end(), h_in); }
  void read_output(float* h_out) const override { std::copy(output_.begin(), output_.end(), h_out); }

 private:
  // Runs `compute` on images of p's size: its time in ms.
  template <typename Compute>
  double timed(const Conv2dParams& p, Compute compute) {
    resize(p.width, p.height);
    return wall_ms(compute);
  }
  void resize(int width, int height) {
    const std::size_t n = std::size_t(width) * height;
    if (input_.size() != n) input_.assign(n, 0.0f), output_.assign(n, 0.0f);
  }
  std::vector<float> input_, output_;
};

}  // namespace

std::unique_ptr<Conv2dEngine> make_cpu_conv2d_engine() { return std::make_unique<CpuConv2dEngine>(); }

}  // namespace tilescope
