#include "app/stencil3d/heat_simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/reference.hpp"

namespace tilescope {
namespace {

// The rounding two correct steps of c may differ by, on inputs `in`.
double tolerance_for(const StencilCoeffs& c, const std::vector<float>& in) {
  float max_in = 1e-6f;
  for (float v : in) max_in = std::max(max_in, std::fabs(v));
  return stencil_tolerance(c, max_in);
}

}  // namespace

HeatSimulation::HeatSimulation(const std::string& backend_name)
    : compute_(backend_name, &Stencil3dPattern::make_engine) {}

void HeatSimulation::set_backend(const std::string& name) {
  compute_.set_backend(name);
  if (width_ > 0) reset(width_, height_, depth_);
}

void HeatSimulation::reset(int width, int height, int depth) {
  width_ = width, height_ = height, depth_ = depth;
  compute_.engine().reset(width, height, depth);
  compute_.engine().inject(heat_sources_at(width, height, depth, 0));  // step 0 shows where the heat comes from
  steps_ = 0;
}

bool HeatSimulation::step(const Stencil3dParams& p, const StencilCoeffs& c, int iterations, float t, double budget_ms) {
  problem_ = launch_problem(p, compute_.backend().limits()).value_or("");
  if (!problem_.empty()) return false;
  if (p.width != width_ || p.height != height_ || p.depth != depth_) reset(p.width, p.height, p.depth);
  const HeatSources sources = heat_sources_at(width_, height_, depth_, t);
  const auto start = std::chrono::steady_clock::now();
  auto spent_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  auto run = [&](Stencil3dEngine& engine) {
    double ms = 0;
    frame_steps_ = frame_launches_ = 0;
    while (frame_steps_ < iterations && (frame_launches_ == 0 || budget_ms <= 0 || spent_ms() < budget_ms)) {
      Stencil3dParams launch = p;
      launch.steps = std::min(p.steps, iterations - frame_steps_);
      engine.inject(sources);
      ms += engine.run(launch, c);
      engine.advance();
      frame_steps_ += launch.steps, ++frame_launches_;
    }
    return ms;
  };
  kernel_ms_ = compute_.run(run, [&](Stencil3dEngine&) { reset(width_, height_, depth_); });
  step_ms_ = frame_steps_ > 0 ? spent_ms() / frame_steps_ : 0;
  steps_ += frame_steps_;
  return true;
}

int HeatSimulation::affordable_steps(double budget_ms) const {
  const double fit = budget_ms > 0 && step_ms_ > 0 ? budget_ms / step_ms_ : kMaxStencil3dSteps;
  return int(std::clamp(fit, 1.0, double(kMaxStencil3dSteps)));
}

void HeatSimulation::check(const Stencil3dParams& p, const StencilCoeffs& c) {
  if (!launch_problem(p, compute_.backend().limits()).value_or("").empty() || width_ == 0) return;
  std::vector<float> in(std::size_t(width_) * height_ * depth_), out(in.size()), ref(in.size());
  try {
    Stencil3dEngine& engine = compute_.engine();
    engine.read(GridBuffer::current, in.data());
    engine.run(p, c);  // into `next`, which the following frame overwrites
    engine.read(GridBuffer::next, out.data());
  } catch (const BackendError& e) {
    compute_.fall_back(e);
    reset(width_, height_, depth_);
    return;
  }
  stencil3d_cpu_steps(c, in.data(), ref.data(), width_, height_, depth_, p.steps);
  tolerance_ = tolerance_for(c, in);
  max_abs_error_ = tilescope::max_abs_error(out.data(), ref.data(), out.size());
}

std::optional<double> HeatSimulation::broken_step(const Stencil3dParams& p, const StencilCoeffs& c, Break bug, int z,
                                                  float* h_broken, float* h_reference) {
  problem_ = launch_problem(p, compute_.backend().limits()).value_or(break_problem(p.strategy, bug).value_or(""));
  if (!problem_.empty() || width_ == 0) return std::nullopt;
  // The reference of slice z needs only the planes z - k .. z + k: as a grid of 2k + 1 planes its
  // middle plane is interior in z, and x and y keep their boundary.
  const int k = p.order, plane = width_ * height_;
  const bool boundary = !stencil_interior(z, depth_, k);
  const int planes = boundary ? 1 : 2 * k + 1, z0 = boundary ? z : z - k;
  std::vector<float> in(std::size_t(planes) * plane), ref(in.size());
  try {
    Stencil3dEngine& engine = compute_.engine();
    for (int i = 0; i < planes; ++i) engine.read_slice(GridBuffer::current, z0 + i, in.data() + std::size_t(i) * plane);
    Stencil3dParams one = p;  // a broken kernel runs one step
    one.steps = 1;
    engine.run_broken(one, bug, c);  // into `next`, which the following frame overwrites
    engine.read_slice(GridBuffer::next, z, h_broken);
  } catch (const BackendError& e) {
    compute_.fall_back(e);
    reset(width_, height_, depth_);
    return std::nullopt;
  }
  if (boundary) {  // a boundary plane keeps its value
    std::copy(in.begin(), in.end(), h_reference);
  } else {
    stencil3d_cpu(c, in.data(), ref.data(), width_, height_, planes);
    std::copy(ref.begin() + std::ptrdiff_t(k) * plane, ref.begin() + std::ptrdiff_t(k + 1) * plane, h_reference);
  }
  return tolerance_for(c, in);
}

}  // namespace tilescope
