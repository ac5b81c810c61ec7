#include <cstring>
#include <optional>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/pitched_rows.cuh"
#include "kernels/common/timed_launch.cuh"
#include "kernels/stencil3d/broken_kernels.cuh"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/kernels.cuh"
#include "kernels/stencil3d/model.hpp"

namespace tilescope {
namespace {

class CudaStencil3dEngine final : public Stencil3dEngine {
 public:
  explicit CudaStencil3dEngine(const DeviceLimits& limits) : limits_(limits) {}

  std::optional<int> blocks_per_sm(const Stencil3dParams& p) const override {
    if (launch_problem(p, limits_)) return std::nullopt;
    return cuda::max_active_blocks_per_sm(p);
  }

  void reset(int width, int height, int depth) override {
    resize(width, height, depth);
    cuda::check(cudaMemset(d_current_.get(), 0, d_current_.bytes()), "cudaMemset (grid)");
    cuda::check(cudaMemset(d_next_.get(), 0, d_next_.bytes()), "cudaMemset (grid)");
  }
  void load(const float* h_grid, int width, int height, int depth) override {
    resize(width, height, depth);
    cuda::check(cudaMemcpy(d_current_.get(), h_grid, cells() * sizeof(float), cudaMemcpyHostToDevice),
                "cudaMemcpy (grid)");
  }
  void inject(const HeatSources& s) override {
    cuda::launch_inject_heat(s, d_current_.get(), width_, height_, depth_, pitch_);
  }
  double run(const Stencil3dParams& p, const StencilCoeffs& c) override {
    validate_stencil3d_run(p, c, limits_);
    check_resident_grid(p, width_, height_, depth_);
    use_pitch(stencil_row_pitch(p.strategy, width_));
    if (!coeffs_ || std::memcmp(&*coeffs_, &c, sizeof(c)) != 0) {  // they change rarely: upload only then
      cuda::upload_stencil_coeffs(c);
      coeffs_ = c;
    }
    return timer_.time(d_next_, [&] { cuda::launch_stencil3d(p, d_current_.get(), d_next_.get()); });
  }
  double run_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c) override {
    validate_stencil3d_broken_run(p, bug, c, limits_);
    check_resident_grid(p, width_, height_, depth_);
    use_pitch(width_);  // the broken kernels are PMPP 8.8's, on dense rows
    return timer_.time(d_next_, [&] { cuda::launch_stencil3d_broken(p, bug, c, d_current_.get(), d_next_.get()); });
  }
  void advance() override { std::swap(d_current_, d_next_); }
  void read(GridBuffer which, float* h_grid) const override {
    read_rows(h_grid, device_grid(which), std::size_t(height_) * depth_);
  }
  void read_slice(GridBuffer which, int z, float* h_slice) const override {
    read_rows(h_slice, device_grid(which) + std::size_t(z) * pitch_ * height_, height_);
  }
  float* device_grid(GridBuffer which) const override {
    return (which == GridBuffer::current ? d_current_ : d_next_).get();
  }
  int row_pitch() const override { return pitch_; }

 private:
  // Dense grids; use_pitch pads them when fast runs.
  void resize(int width, int height, int depth) {
    width_ = width, height_ = height, depth_ = depth, pitch_ = width;
    cuda::resize_pair(d_current_, d_next_, cells());
  }
  std::size_t cells() const { return std::size_t(width_) * height_ * depth_; }
  // `rows` grid rows from the device (rows pitch_ floats apart) to dense rows at `to`.
  void read_rows(float* to, const float* from, std::size_t rows) const {
    cuda::copy_rows(to, width_, from, pitch_, width_, rows, cudaMemcpyDeviceToHost, "cudaMemcpy2D (grid back)");
  }
  // Lays the current grid out with rows `pitch` floats apart (zeros in the padding) in new
  // buffers (the next grid goes first: the coming run overwrites it anyway). Once per change of
  // strategy, never timed.
  void use_pitch(int pitch) {
    if (pitch == pitch_) return;
    d_next_ = {};
    d_current_ = cuda::relaid_rows(d_current_, pitch_, pitch, width_, std::size_t(height_) * depth_);
    d_next_ = cuda::DeviceBuffer<float>(d_current_.size());
    pitch_ = pitch;
  }

  DeviceLimits limits_;
  int width_ = 0, height_ = 0, depth_ = 0;
  int pitch_ = 0;  // floats between rows of both grids: the width, or fast's stencil_row_pitch
  cuda::DeviceBuffer<float> d_current_, d_next_;
  std::optional<StencilCoeffs> coeffs_;  // what the constant memory holds
  cuda::LaunchTimer timer_;
};

}  // namespace

std::unique_ptr<Stencil3dEngine> make_cuda_stencil3d_engine(const DeviceLimits& limits) {
  return std::make_unique<CudaStencil3dEngine>(limits);
}

}  // namespace tilescope
