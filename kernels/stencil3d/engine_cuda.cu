#include <cstring>
#include <optional>

#include "kernels/common/caller_memory.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/pitched_rows.cuh"
#include "kernels/common/timed_launch.cuh"
#include "kernels/stencil3d/broken_kernels.cuh"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/kernels.cuh"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/temporal_kernels.cuh"

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
    cuda::check(cudaMemcpy(d_current_.get(), h_grid, cells() * sizeof(float), cuda::kCallerMemory),
                "cudaMemcpy (grid)");
  }
  void inject(const HeatSources& s) override {
    cuda::launch_inject_heat(s, d_current_.get(), width_, height_, depth_, layout_);
  }
  double run(const Stencil3dParams& p, const StencilCoeffs& c) override {
    validate_stencil3d_run(p, c, limits_);
    check_resident_grid(p, width_, height_, depth_);
    use_layout(stencil_layout(p.strategy, width_, height_, depth_));
    if (!coeffs_ || std::memcmp(&*coeffs_, &c, sizeof(c)) != 0) {  // they change rarely: upload only then
      cuda::upload_stencil_coeffs(c);
      coeffs_ = c;
    }
    return timer_.time(d_next_, [&] { launch_steps(p); });
  }
  double run_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c) override {
    validate_stencil3d_broken_run(p, bug, c, limits_);
    check_resident_grid(p, width_, height_, depth_);
    use_layout(dense());  // the broken kernels are PMPP 8.8's, on dense rows
    return timer_.time(d_next_, [&] { cuda::launch_stencil3d_broken(p, bug, c, d_current_.get(), d_next_.get()); });
  }
  void advance() override { std::swap(d_current_, d_next_); }
  void read(GridBuffer which, float* h_grid) const override {
    const Pieces from = pieces(layout_);
    cuda::copy_rows(h_grid, from.width, device_grid(which), from.pitch, from.width, from.count, cuda::kCallerMemory,
                    "cudaMemcpy2D (grid back)");
  }
  void read_slice(GridBuffer which, int z, float* h_slice) const override {
    cuda::copy_rows(h_slice, width_, device_grid(which) + z * layout_.plane, layout_.row, width_, height_,
                    cudaMemcpyDeviceToHost, "cudaMemcpy2D (slice back)");
  }
  float* device_grid(GridBuffer which) const override {
    return (which == GridBuffer::current ? d_current_ : d_next_).get();
  }
  StencilGridLayout layout() const override { return layout_; }

 private:
  // next = p.steps steps from current, which stays as it was: one launch a step (temporal: a launch a
  // pass of fused steps, temporal_passes), ping-ponging between next and a scratch grid so that the
  // last launch writes next.
  void launch_steps(const Stencil3dParams& p) {
    const bool temporal = p.strategy == Stencil3dStrategy::temporal;
    const int launches = temporal ? temporal_passes(p.steps, p.order) : p.steps;
    if (launches > 1 && d_scratch_.size() != d_next_.size()) d_scratch_ = cuda::DeviceBuffer<float>(d_next_.size());
    const float* src = d_current_.get();
    for (int j = 0; j < launches; ++j) {
      float* dst = (launches - 1 - j) % 2 == 0 ? d_next_.get() : d_scratch_.get();
      if (temporal)
        cuda::launch_stencil3d_temporal(p, temporal_pass_steps(p.steps, p.order, j), src, dst);
      else
        cuda::launch_stencil3d(p, src, dst);
      src = dst;
    }
  }
  // Dense grids; use_layout pads them when fast runs.
  void resize(int width, int height, int depth) {
    width_ = width, height_ = height, depth_ = depth, layout_ = dense();
    cuda::resize_pair(d_current_, d_next_, cells());
  }
  std::size_t cells() const { return std::size_t(width_) * height_ * depth_; }
  StencilGridLayout dense() const { return {width_, 1LL * width_ * height_}; }
  // A layout's grid as pieces `pitch` floats apart, `width` of them data: its padded rows, or where
  // the rows are dense, its planes (padded on a flattened plane, fast_flat).
  struct Pieces {
    int width, pitch;
    std::size_t count;
  };
  Pieces pieces(const StencilGridLayout& l) const {
    if (l.row != width_) return {width_, l.row, std::size_t(height_) * depth_};
    return {width_ * height_, int(l.plane), std::size_t(depth_)};  // kMaxPixels: a plane's cells fit an int
  }
  // Lays the current grid out as `to` says (zeros in the padding) in new buffers, through dense
  // rows and planes (the next grid goes first: the coming run overwrites it anyway). Once per
  // change of strategy, never timed.
  void use_layout(const StencilGridLayout& to) {
    const auto same = [](const StencilGridLayout& a, const StencilGridLayout& b) {
      return a.row == b.row && a.plane == b.plane;
    };
    if (same(to, layout_)) return;
    d_next_ = {};
    if (const Pieces from = pieces(layout_); !same(layout_, dense()))
      d_current_ = cuda::relaid_rows(d_current_, from.pitch, from.width, from.width, from.count);
    if (const Pieces laid = pieces(to); !same(to, dense()))
      d_current_ = cuda::relaid_rows(d_current_, laid.width, laid.pitch, laid.width, laid.count);
    d_next_ = cuda::DeviceBuffer<float>(d_current_.size());
    layout_ = to;
  }

  DeviceLimits limits_;
  int width_ = 0, height_ = 0, depth_ = 0;
  StencilGridLayout layout_{};  // where the cells of both grids are: dense, or fast's stencil_layout
  cuda::DeviceBuffer<float> d_current_, d_next_;
  cuda::DeviceBuffer<float> d_scratch_;  // the steps between the first and the last of a run (launch_steps)
  std::optional<StencilCoeffs> coeffs_;  // what the constant memory holds
  cuda::LaunchTimer timer_;
};

}  // namespace

std::unique_ptr<Stencil3dEngine> make_cuda_stencil3d_engine(const DeviceLimits& limits) {
  return std::make_unique<CudaStencil3dEngine>(limits);
}

}  // namespace tilescope
