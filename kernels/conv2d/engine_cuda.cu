// The CUDA conv2d engine: input, output and filter stay on the device between runs.
#include <cstddef>
#include <optional>

#include "kernels/common/caller_memory.cuh"
#include "kernels/common/error.hpp"
#include "kernels/common/pitched_rows.cuh"
#include "kernels/common/resident_convolution.cuh"
#include "kernels/conv2d/broken_kernels.cuh"
#include "kernels/conv2d/demo_scene.cuh"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/geometry.hpp"
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

  // A new input keeps the rows' current pitch unless its size differs (then dense rows).
  void load_input(const float* h_in, int width, int height) override {
    resize(width, height);
    copy_rows(d_.in.get(), pitch_, h_in, width, width, height, kCallerMemory, "cudaMemcpy2D (input)");
  }
  void render_demo_input(DemoScene scene, int width, int height, float t) override {
    resize(width, height);
    render_demo_scene(scene, d_.in.get(), width, height, pitch_, t);
  }
  double run(const Conv2dParams& p, const Filter2d& f) override {
    validate_conv2d_run(p, f, limits());
    prepare(p, f, conv2d_row_pitch(p.strategy, p.width));
    return d_.timer.time(d_.out, [&] { launch_conv2d(p, d_.in.get(), d_.out.get(), d_.filter.get()); });
  }
  double run_broken(const Conv2dParams& p, Break bug, const Filter2d& f) override {
    validate_conv2d_broken_run(p, bug, f, limits());
    prepare(p, f, p.width);  // the broken kernels are PMPP 7.12's, on dense rows
    return d_.timer.time(d_.out, [&] { launch_conv2d_broken(p, bug, d_.in.get(), d_.out.get(), d_.filter.get()); });
  }
  void read_input(float* h_in) const override { read_rows(h_in, d_.in.get(), "cudaMemcpy2D (input back)"); }
  void read_output(float* h_out) const override { read_rows(h_out, d_.out.get(), "cudaMemcpy2D (output)"); }
  const float* device_input() const override { return d_.in.get(); }
  float* device_output() const override { return d_.out.get(); }
  int row_pitch() const override { return pitch_; }

 private:
  // Dense images of a new size; use_pitch pads them when a strategy that moves float4 rows runs.
  void resize(int width, int height) {
    if (width == width_ && height == height_) return;
    width_ = width, height_ = height, pitch_ = width;
    d_.resize(std::size_t(width) * height);
  }
  void read_rows(float* to, const float* from, const char* what) const {
    copy_rows(to, width_, from, pitch_, width_, height_, kCallerMemory, what);
  }
  // Lays the input out with rows `pitch` floats apart (zeros in the padding), in new buffers (the
  // output goes first: the coming run overwrites it anyway). Once per change of layout, not timed.
  void use_pitch(int pitch) {
    if (pitch == pitch_) return;
    d_.out = {};
    d_.in = relaid_rows(d_.in, pitch_, pitch, width_, height_);
    d_.out = DeviceBuffer<float>(d_.in.size());
    pitch_ = pitch;
  }
  // The resident input is p's size, laid out at `pitch`; the filter is on the device (global and
  // constant memory).
  void prepare(const Conv2dParams& p, const Filter2d& f, int pitch) {
    if (p.width != width_ || p.height != height_)
      throw InvalidInput("the parameters' image size differs from the resident input");
    use_pitch(pitch);
    d_.filter.update(f.weights, "cudaMemcpy (filter)", [&] { upload_constant_filter(f); });
  }

  int width_ = 0, height_ = 0;
  int pitch_ = 0;  // floats between rows of the input and the output: the width, or conv2d_row_pitch
  ResidentConvolution d_;
};

}  // namespace
}  // namespace tilescope::cuda

std::unique_ptr<tilescope::Conv2dEngine> tilescope::make_cuda_conv2d_engine(const DeviceLimits& limits) {
  return std::make_unique<cuda::CudaConv2dEngine>(limits);
}
