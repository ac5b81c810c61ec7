#include "app/compute/conv2d_pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "kernels/cpu/conv2d_cpu.hpp"
#include "kernels/error.hpp"

namespace tilescope {

Conv2dPipeline::Conv2dPipeline(const std::string& backend_name) { set_backend(backend_name); }

void Conv2dPipeline::set_backend(const std::string& name) {
  requested_ = name;
  try {
    BackendChoice choice = choose_backend(name);
    backend_ = std::move(choice.backend);
    note_ = choice.note;
  } catch (const std::exception& e) {  // cuda not compiled in, or no device
    backend_ = make_cpu_backend();
    note_ = std::string(e.what()) + "; using the CPU backend";
  }
  if (!note_.empty()) std::cerr << "tilescope: " << note_ << "\n";
}

bool Conv2dPipeline::run(const Conv2dParams& p, const Filter2d& f, const Image& in) {
  problem_ = conv2d_problem(p, backend_->limits()).value_or("");
  if (!problem_.empty()) return false;
  if (output_.width != in.width || output_.height != in.height) output_ = Image(in.width, in.height);
  try {
    kernel_ms_ = backend_->conv2d(p, f, in.pixels.data(), output_.pixels.data()).front();
  } catch (const BackendError& e) {
    note_ = "the " + backend_->name() + " backend failed (" + e.what() + "); fell back to the CPU backend";
    std::cerr << "tilescope: " << note_ << "\n";
    backend_ = make_cpu_backend();
    kernel_ms_ = backend_->conv2d(p, f, in.pixels.data(), output_.pixels.data()).front();
  }
  return true;
}

void Conv2dPipeline::check(const Filter2d& f, const Image& in) {
  if (output_.pixels.size() != in.pixels.size()) return;
  if (reference_.width != in.width || reference_.height != in.height) reference_ = Image(in.width, in.height);
  conv2d_cpu(f, in.pixels.data(), reference_.pixels.data(), in.width, in.height);
  float max_in = 0;
  for (float v : in.pixels) max_in = std::max(max_in, std::fabs(v));
  tolerance_ = conv2d_tolerance(f, max_in);
  double worst = 0;
  for (std::size_t i = 0; i < output_.pixels.size(); ++i) {
    const double d = std::fabs(double(output_.pixels[i]) - reference_.pixels[i]);
    worst = std::isnan(d) ? INFINITY : std::max(worst, d);
  }
  max_abs_error_ = worst;
}

}  // namespace tilescope
