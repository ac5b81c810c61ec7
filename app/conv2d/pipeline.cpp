#include "app/conv2d/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "kernels/conv2d/reference.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"

namespace tilescope {

Conv2dPipeline::Conv2dPipeline(const std::string& backend_name) { set_backend(backend_name); }

void Conv2dPipeline::set_backend(const std::string& name) {
  requested_ = name;
  BackendChoice choice = choose_backend_or_cpu(name);
  backend_ = std::move(choice.backend);
  note_ = choice.note;
  if (!note_.empty()) std::cerr << "tilescope: " << note_ << "\n";
  if (width_ > 0) supply_input();
}

void Conv2dPipeline::demo_input(DemoScene scene, int width, int height, float t) {
  demo_ = true, scene_ = scene, demo_time_ = t, width_ = width, height_ = height;
  supply_input();
}

void Conv2dPipeline::file_input(Image image) {
  demo_ = false, file_image_ = std::move(image), width_ = file_image_.width, height_ = file_image_.height;
  supply_input();
}

void Conv2dPipeline::supply_input() {
  if (demo_) backend_->render_demo_input(scene_, width_, height_, demo_time_);
  else backend_->load_input(file_image_.pixels.data(), width_, height_);
  host_input_fresh_ = false;
}

bool Conv2dPipeline::run(const Conv2dParams& p, const Filter2d& f) {
  problem_ = conv2d_problem(p, backend_->limits()).value_or("");
  if (!problem_.empty()) return false;
  try {
    kernel_ms_ = backend_->run(p, f);
  } catch (const BackendError& e) {
    note_ = "the " + backend_->name() + " backend failed (" + e.what() + "); fell back to the CPU backend";
    std::cerr << "tilescope: " << note_ << "\n";
    backend_ = make_cpu_backend();
    supply_input();
    kernel_ms_ = backend_->run(p, f);
  }
  host_output_fresh_ = false;
  return true;
}

const Image& Conv2dPipeline::read_back(Image& img, bool& fresh, void (Backend::*read)(float*) const) {
  if (!fresh) {
    if (img.width != width_ || img.height != height_) img = Image(width_, height_);
    ((*backend_).*read)(img.pixels.data());
    fresh = true;
  }
  return img;
}

const Image& Conv2dPipeline::host_input() { return read_back(host_input_, host_input_fresh_, &Backend::read_input); }
const Image& Conv2dPipeline::host_output() { return read_back(host_output_, host_output_fresh_, &Backend::read_output); }

void Conv2dPipeline::check(const Filter2d& f) {
  const Image& in = host_input();
  const Image& out = host_output();
  if (reference_.width != in.width || reference_.height != in.height) reference_ = Image(in.width, in.height);
  conv2d_cpu(f, in.pixels.data(), reference_.pixels.data(), in.width, in.height);
  float max_in = 0;
  for (float v : in.pixels) max_in = std::max(max_in, std::fabs(v));
  tolerance_ = conv2d_tolerance(f, max_in);
  max_abs_error_ = tilescope::max_abs_error(out.pixels.data(), reference_.pixels.data(), out.pixels.size());
}

}  // namespace tilescope
