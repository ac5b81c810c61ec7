// The CPU's stencil3d engine: the Highway engine (simd.hpp) for every strategy, timed.
#include <algorithm>
#include <memory>

#include "kernels/common/cpu_pool.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/wall_clock.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/simd.hpp"

namespace tilescope {
namespace {

class CpuStencil3dEngine final : public Stencil3dEngine {
 public:
  void reset(int width, int height, int depth) override {
    resize(width, height, depth);
    std::fill(current_.begin(), current_.end(), 0.0f);
    std::fill(next_.begin(), next_.end(), 0.0f);
  }
  void load(const float* h_grid, int width, int height, int depth) override {
    resize(width, height, depth);
    std::copy(h_grid, h_grid + current_.size(), current_.begin());
  }
  void inject(const HeatSources& s) override {
    parallel_chunks(depth_, [&](int z, int) {
      for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
          const float t = heat_source_value(s, x, y, z);
          if (t >= 0.0f) current_[(std::size_t(z) * height_ + y) * width_ + x] = t;
        }
    });
  }
  double run(const Stencil3dParams& p, const StencilCoeffs& c) override {
    validate_stencil3d_run(p, c, DeviceLimits{});
    check_resident_grid(p, width_, height_, depth_);
    return wall_ms([&] { run_steps(p, c); });
  }
  double run_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c) override {
    validate_stencil3d_broken_run(p, bug, c, DeviceLimits{});
    check_resident_grid(p, width_, height_, depth_);
    return wall_ms([&] { stencil3d_broken_cpu(p, bug, c, current_.data(), next_.data()); });
  }
  void advance() override { current_.swap(next_); }
  void read(GridBuffer which, float* h_grid) const override {
    const auto& g = which == GridBuffer::current ? current_ : next_;
    std::copy(g.begin(), g.end(), h_grid);
  }
  void read_slice(GridBuffer which, int z, float* h_slice) const override {
    const auto& g = which == GridBuffer::current ? current_ : next_;
    const std::size_t plane = std::size_t(width_) * height_;
    std::copy(g.begin() + std::ptrdiff_t(z * plane), g.begin() + std::ptrdiff_t((z + 1) * plane), h_slice);
  }

 private:
  // next = p.steps steps from current (which stays): temporal fuses them (stencil3d_simd_steps, cache
  // blocked); the others sweep the grid once a step, through a scratch grid.
  void run_steps(const Stencil3dParams& p, const StencilCoeffs& c) {
    if (p.steps > 1 && p.strategy == Stencil3dStrategy::temporal)
      return stencil3d_simd_steps(c, current_.data(), next_.data(), width_, height_, depth_, p.steps);
    if (p.steps > 1 && scratch_.size() != next_.size()) scratch_.assign(next_.size(), 0.0f);
    const float* from = current_.data();
    for (int s = 0; s < p.steps; ++s) {
      float* to = (p.steps - 1 - s) % 2 == 0 ? next_.data() : scratch_.data();
      stencil3d_simd(c, from, to, width_, height_, depth_);
      from = to;
    }
  }
  void resize(int width, int height, int depth) {
    width_ = width, height_ = height, depth_ = depth;
    const std::size_t n = std::size_t(width) * height * depth;
    if (current_.size() != n) current_.assign(n, 0.0f), next_.assign(n, 0.0f);
  }
  int width_ = 0, height_ = 0, depth_ = 0;
  std::vector<float> current_, next_, scratch_;
};

}  // namespace

std::unique_ptr<Stencil3dEngine> make_cpu_stencil3d_engine() { return std::make_unique<CpuStencil3dEngine>(); }

}  // namespace tilescope
