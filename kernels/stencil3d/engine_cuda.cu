#include <cstring>
#include <optional>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/timed_launch.cuh"
#include "kernels/stencil3d/broken_kernels.cuh"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/kernels.cuh"

namespace tilescope {
namespace {

class CudaStencil3dEngine final : public Stencil3dEngine {
 public:
  explicit CudaStencil3dEngine(const DeviceLimits& limits) : limits_(limits) {}

  void reset(int width, int height, int depth) override {
    resize(width, height, depth);
    cuda::check(cudaMemset(d_current_.get(), 0, d_current_.bytes()), "cudaMemset (grid)");
    cuda::check(cudaMemset(d_next_.get(), 0, d_next_.bytes()), "cudaMemset (grid)");
  }
  void load(const float* h_grid, int width, int height, int depth) override {
    resize(width, height, depth);
    cuda::check(cudaMemcpy(d_current_.get(), h_grid, d_current_.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (grid)");
  }
  void inject(const HeatSources& s) override { cuda::launch_inject_heat(s, d_current_.get(), width_, height_, depth_); }
  double run(const Stencil3dParams& p, const StencilCoeffs& c) override {
    validate_stencil3d_run(p, c, limits_);
    check_resident_grid(p, width_, height_, depth_);
    if (!coeffs_ || std::memcmp(&*coeffs_, &c, sizeof(c)) != 0) {  // they change rarely: upload only then
      cuda::upload_stencil_coeffs(c);
      coeffs_ = c;
    }
    return timer_.time(d_next_, [&] { cuda::launch_stencil3d(p, d_current_.get(), d_next_.get()); });
  }
  double run_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c) override {
    validate_stencil3d_broken_run(p, bug, c, limits_);
    check_resident_grid(p, width_, height_, depth_);
    return timer_.time(d_next_, [&] { cuda::launch_stencil3d_broken(p, bug, c, d_current_.get(), d_next_.get()); });
  }
  void advance() override { std::swap(d_current_, d_next_); }
  void read(GridBuffer which, float* h_grid) const override {
    const auto& d = which == GridBuffer::current ? d_current_ : d_next_;
    cuda::check(cudaMemcpy(h_grid, d.get(), d.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (grid back)");
  }
  void read_slice(GridBuffer which, int z, float* h_slice) const override {
    const auto& d = which == GridBuffer::current ? d_current_ : d_next_;
    const std::size_t plane = std::size_t(width_) * height_;
    cuda::check(cudaMemcpy(h_slice, d.get() + z * plane, plane * sizeof(float), cudaMemcpyDeviceToHost),
                "cudaMemcpy (slice back)");
  }
  float* device_grid(GridBuffer which) const override {
    return (which == GridBuffer::current ? d_current_ : d_next_).get();
  }

 private:
  void resize(int width, int height, int depth) {
    width_ = width, height_ = height, depth_ = depth;
    cuda::resize_pair(d_current_, d_next_, std::size_t(width) * height * depth);
  }

  DeviceLimits limits_;
  int width_ = 0, height_ = 0, depth_ = 0;
  cuda::DeviceBuffer<float> d_current_, d_next_;
  std::optional<StencilCoeffs> coeffs_;  // what the constant memory holds
  cuda::LaunchTimer timer_;
};

}  // namespace

std::unique_ptr<Stencil3dEngine> make_cuda_stencil3d_engine(const DeviceLimits& limits) {
  return std::make_unique<CudaStencil3dEngine>(limits);
}

}  // namespace tilescope
