// The CUDA conv1d engine: signal, output and filter stay on the device between runs.
#include "kernels/common/resident_convolution.cuh"
#include "kernels/conv1d/broken_kernels.cuh"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/kernels.cuh"

namespace tilescope::cuda {
namespace {

class CudaConv1dEngine final : public Conv1dEngine {
 public:
  using Conv1dEngine::Conv1dEngine;

  void load_input(const float* h_in, int length) override { d_.load_input(h_in, length, "cudaMemcpy (signal)"); }
  double run(const Conv1dParams& p, const Filter1d& f) override {
    validate_conv1d_run(p, f, limits(), int(d_.in.size()));
    upload_filter(f);
    return d_.timer.time(d_.out, [&] { launch_conv1d(p, d_.in.get(), d_.out.get(), d_.filter.get()); });
  }
  double run_broken(const Conv1dParams& p, Break bug, const Filter1d& f) override {
    validate_conv1d_broken_run(p, bug, f, limits(), int(d_.in.size()));
    upload_filter(f);  // the broken kernel reads the global copy
    return d_.timer.time(d_.out, [&] { launch_conv1d_broken(p, bug, d_.in.get(), d_.out.get(), d_.filter.get()); });
  }
  void read_output(float* h_out) const override { d_.read_output(h_out, "cudaMemcpy (conv1d output)"); }
  const float* device_input() const override { return d_.in.get(); }
  float* device_output() const override { return d_.out.get(); }

 private:
  // The weights in global memory and in the __constant__ filter, when they changed.
  void upload_filter(const Filter1d& f) {
    d_.filter.update(f.weights, "cudaMemcpy (conv1d filter)", [&] { upload_conv1d_constant_filter(f); });
  }
  ResidentConvolution d_;
};

}  // namespace
}  // namespace tilescope::cuda

std::unique_ptr<tilescope::Conv1dEngine> tilescope::make_cuda_conv1d_engine(const DeviceLimits& limits) {
  return std::make_unique<cuda::CudaConv1dEngine>(limits);
}
