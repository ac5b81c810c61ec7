// The CUDA conv2d engine: input, output and filter stay on the device between runs.
#include <cstddef>
#include <optional>

#include "kernels/common/error.hpp"
#include "kernels/common/resident_convolution.cuh"
#include "kernels/conv2d/broken_kernels.cuh"
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
    if (launch_problem(p, limits())) return std::nullopt;
    return max_active_blocks_per_sm(p);
  }

  void load_input(const float* h_in, int width, int height) override {
    d_.load_input(h_in, std::size_t(width) * height, "cudaMemcpy (input)");
  }
  void render_demo_input(DemoScene scene, int width, int height, float t) override {
    d_.resize(std::size_t(width) * height);
    render_demo_scene(scene, d_.in.get(), width, height, t);
  }
  double run(const Conv2dParams& p, const Filter2d& f) override {
    validate_conv2d_run(p, f, limits());
    prepare(p, f);
    return d_.timer.time(d_.out, [&] { launch_conv2d(p, d_.in.get(), d_.out.get(), d_.filter.get()); });
  }
  double run_broken(const Conv2dParams& p, Break bug, const Filter2d& f) override {
    validate_conv2d_broken_run(p, bug, f, limits());
    prepare(p, f);
    return d_.timer.time(d_.out, [&] { launch_conv2d_broken(p, bug, d_.in.get(), d_.out.get(), d_.filter.get()); });
  }
  void read_input(float* h_in) const override {
    check(cudaMemcpy(h_in, d_.in.get(), d_.in.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (input back)");
  }
  void read_output(float* h_out) const override { d_.read_output(h_out, "cudaMemcpy (output)"); }
  const float* device_input() const override { return d_.in.get(); }
  float* device_output() const override { return d_.out.get(); }

 private:
  // The resident input is p's size; the filter is on the device (global and constant memory).
  void prepare(const Conv2dParams& p, const Filter2d& f) {
    if (std::size_t(p.width) * p.height != d_.in.size())
      throw InvalidInput("the parameters' image size differs from the resident input");
    d_.filter.update(f.weights, "cudaMemcpy (filter)", [&] { upload_constant_filter(f); });
  }

  ResidentConvolution d_;
};

}  // namespace
}  // namespace tilescope::cuda

std::unique_ptr<tilescope::Conv2dEngine> tilescope::make_cuda_conv2d_engine(const DeviceLimits& limits) {
  return std::make_unique<cuda::CudaConv2dEngine>(limits);
}
