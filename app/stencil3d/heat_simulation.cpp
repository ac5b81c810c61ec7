#include "app/stencil3d/heat_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "kernels/stencil3d/reference.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/common/tolerance.hpp"

namespace tilescope {

HeatSimulation::HeatSimulation(const std::string& backend_name) { set_backend(backend_name); }

void HeatSimulation::set_backend(const std::string& name) {
  requested_ = name;
  BackendChoice choice = choose_backend_or_cpu(name);
  backend_ = std::move(choice.backend);
  note_ = choice.note;
  if (!note_.empty()) std::cerr << "tilescope: " << note_ << "\n";
  engine_ = backend_->make_stencil3d_engine();
  if (width_ > 0) reset(width_, height_, depth_);
}

void HeatSimulation::fall_back_to_cpu(const std::string& why) {
  note_ = "the " + backend_->name() + " backend failed (" + why + "); fell back to the CPU backend";
  std::cerr << "tilescope: " << note_ << "\n";
  backend_ = make_cpu_backend();
  engine_ = backend_->make_stencil3d_engine();
  reset(width_, height_, depth_);
}

void HeatSimulation::reset(int width, int height, int depth) {
  width_ = width, height_ = height, depth_ = depth;
  engine_->reset(width, height, depth);
  steps_ = 0;
}

bool HeatSimulation::step(const Stencil3dParams& p, const StencilCoeffs& c, int iterations, float t) {
  problem_ = stencil3d_problem(p, backend_->limits()).value_or("");
  if (!problem_.empty()) return false;
  if (p.width != width_ || p.height != height_ || p.depth != depth_) reset(p.width, p.height, p.depth);
  const HeatSources sources = heat_sources_at(width_, height_, depth_, t);
  auto run = [&] {
    double ms = 0;
    for (int i = 0; i < iterations; ++i) {
      engine_->inject(sources);
      ms += engine_->run(p, c);
      engine_->advance();
    }
    return ms;
  };
  try {
    kernel_ms_ = run();
  } catch (const BackendError& e) {
    fall_back_to_cpu(e.what());
    kernel_ms_ = run();
  }
  steps_ += iterations;
  return true;
}

void HeatSimulation::check(const Stencil3dParams& p, const StencilCoeffs& c) {
  if (!stencil3d_problem(p, backend_->limits()).value_or("").empty() || width_ == 0) return;
  std::vector<float> in(std::size_t(width_) * height_ * depth_), out(in.size()), ref(in.size());
  try {
    engine_->read(GridBuffer::current, in.data());
    engine_->run(p, c);  // into `next`, which the following frame overwrites
    engine_->read(GridBuffer::next, out.data());
  } catch (const BackendError& e) {
    fall_back_to_cpu(e.what());
    return;
  }
  stencil3d_cpu(c, in.data(), ref.data(), width_, height_, depth_);
  float max_in = 0;
  for (float v : in) max_in = std::max(max_in, std::fabs(v));
  tolerance_ = stencil_tolerance(c, std::max(max_in, 1e-6f));
  max_abs_error_ = tilescope::max_abs_error(out.data(), ref.data(), out.size());
}

}  // namespace tilescope
