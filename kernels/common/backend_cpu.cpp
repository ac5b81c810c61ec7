#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "kernels/common/backend.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/demo_scene.hpp"

namespace tilescope {
namespace {

class CpuBackend final : public Backend {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU, " + std::to_string(omp_get_max_threads()) + " threads (OpenMP)";
  }
  DeviceLimits limits() const override { return {}; }

  void load_input(const float* h_in, int width, int height) override {
    resize(width, height);
    std::copy(h_in, h_in + input_.size(), input_.begin());
  }
  void render_demo_input(DemoScene scene, int width, int height, float t) override {
    resize(width, height);
#pragma omp parallel for schedule(static)
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) input_[std::size_t(y) * width + x] = demo_scene_value(scene, x, y, width, height, t);
  }
  double run(const Conv2dParams& p, const Filter2d& f) override {
    validate_run(p, f, limits());
    resize(p.width, p.height);
    const auto t0 = std::chrono::steady_clock::now();
    conv2d_cpu(f, input_.data(), output_.data(), p.width, p.height);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  std::vector<double> time_copy(std::size_t bytes, int reps) const override {
    std::vector<char> from(bytes, 1), to(bytes);
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      std::memcpy(to.data(), from.data(), bytes);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return ms;
  }
  std::unique_ptr<Conv1dEngine> make_conv1d_engine() const override { return make_cpu_conv1d_engine(); }
  std::unique_ptr<MatmulEngine> make_matmul_engine() const override { return make_cpu_matmul_engine(); }
  std::unique_ptr<Stencil3dEngine> make_stencil3d_engine() const override { return make_cpu_stencil3d_engine(); }
  void read_input(float* h_in) const override { std::copy(input_.begin(), input_.end(), h_in); }
  void read_output(float* h_out) const override { std::copy(output_.begin(), output_.end(), h_out); }

 private:
  void resize(int width, int height) {
    const std::size_t n = std::size_t(width) * height;
    if (input_.size() != n) input_.assign(n, 0.0f), output_.assign(n, 0.0f);
  }
  std::vector<float> input_, output_;
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend() { return std::make_unique<CpuBackend>(); }

}  // namespace tilescope
