// The CUDA conv1d engine: signal, output and filter stay on the device between runs.
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/kernels.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/device_filter.cuh"
#include "kernels/common/timed_launch.cuh"

namespace tilescope::cuda {
namespace {

class CudaConv1dEngine final : public Conv1dEngine {
 public:
  using Conv1dEngine::Conv1dEngine;

  void load_input(const float* h_in, int length) override {
    if (d_in_.size() != std::size_t(length)) {
      d_in_ = {}, d_out_ = {};
      d_in_ = DeviceBuffer<float>(length);
      d_out_ = DeviceBuffer<float>(length);
    }
    check(cudaMemcpy(d_in_.get(), h_in, d_in_.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (signal)");
  }
  double run(const Conv1dParams& p, const Filter1d& f) override {
    validate_conv1d_run(p, f, limits(), int(d_in_.size()));
    filter_.update(f.weights, "cudaMemcpy (conv1d filter)", [&] { upload_conv1d_constant_filter(f); });
    return timed_launch(d_out_.get(), d_out_.bytes(), start_, stop_,
                        [&] { launch_conv1d(p, d_in_.get(), d_out_.get(), filter_.get()); });
  }
  void read_output(float* h_out) const override {
    check(cudaMemcpy(h_out, d_out_.get(), d_out_.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (conv1d output)");
  }

 private:
  DeviceBuffer<float> d_in_, d_out_;
  DeviceFilter filter_;
  Event start_, stop_;
};

}  // namespace

}  // namespace tilescope::cuda

namespace tilescope {

std::unique_ptr<Conv1dEngine> make_cuda_conv1d_engine(const DeviceLimits& limits) {
  return std::make_unique<cuda::CudaConv1dEngine>(limits);
}

}  // namespace tilescope
