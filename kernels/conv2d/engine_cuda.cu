// The CUDA conv2d engine: input, output and filter stay on the device between runs.
#include <cstddef>
#include <optional>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/device_filter.cuh"
#include "kernels/common/error.hpp"
#include "kernels/common/timed_launch.cuh"
#include "kernels/conv2d/demo_scene.cuh"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/kernels.cuh"
#include "kernels/conv2d/model.hpp"

namespace tilescope::cuda {
namespace {

class CudaConv2dEngine final : public Conv2dEngine {
 public:
  using Conv2dEngine::Conv2dEngine;

  std::optional<int> blocks_per_sm(const Conv2dParams& p) const override {
    if (conv2d_problem(p, limits())) return std::nullopt;
    return max_active_blocks_per_sm(p);
  }

  void load_input(const float* h_in, int width, int height) override {
    resize(width, height);
    check(cudaMemcpy(d_in_.get(), h_in, d_in_.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (input)");
  }
  void render_demo_input(DemoScene scene, int width, int height, float t) override {
    resize(width, height);
    render_demo_scene(scene, d_in_.get(), width, height, t);
  }
  double run(const Conv2dParams& p, const Filter2d& f) override {
    validate_conv2d_run(p, f, limits());
    if (std::size_t(p.width) * p.height != d_in_.size())
      throw InvalidInput("the parameters' image size differs from the resident input");
    filter_.update(f.weights, "cudaMemcpy (filter)", [&] { upload_constant_filter(f); });
    return timed_launch(d_out_.get(), d_out_.bytes(), start_, stop_,
                        [&] { launch_conv2d(p, d_in_.get(), d_out_.get(), filter_.get()); });
  }
  void read_input(float* h_in) const override {
    check(cudaMemcpy(h_in, d_in_.get(), d_in_.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (input back)");
  }
  void read_output(float* h_out) const override {
    check(cudaMemcpy(h_out, d_out_.get(), d_out_.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (output)");
  }
  const float* device_input() const override { return d_in_.get(); }
  const float* device_output() const override { return d_out_.get(); }

 private:
  void resize(int width, int height) {
    const std::size_t n = std::size_t(width) * height;
    if (d_in_.size() == n) return;
    d_in_ = {}, d_out_ = {};  // free before allocating: large images must not need twice the memory
    d_in_ = DeviceBuffer<float>(n);
    d_out_ = DeviceBuffer<float>(n);
  }

  DeviceBuffer<float> d_in_, d_out_;
  DeviceFilter filter_;
  Event start_, stop_;
};

}  // namespace
}  // namespace tilescope::cuda

namespace tilescope {

std::unique_ptr<Conv2dEngine> make_cuda_conv2d_engine(const DeviceLimits& limits) {
  return std::make_unique<cuda::CudaConv2dEngine>(limits);
}

}  // namespace tilescope
