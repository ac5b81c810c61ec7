#include "app/conv2d/pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "kernels/common/cpu_pool.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "kernels/conv2d/reference.hpp"

namespace tilescope {

Conv2dPipeline::Conv2dPipeline(const std::string& backend_name) : compute_(backend_name, &Conv2dPattern::make_engine) {}

void Conv2dPipeline::set_backend(const std::string& name) {
  compute_.set_backend(name);
  if (width_ > 0) supply_input(compute_.engine());
}

void Conv2dPipeline::demo_input(DemoScene scene, int width, int height, float t) {
  demo_ = true, scene_ = scene, demo_time_ = t, width_ = width, height_ = height;
  supply_input(compute_.engine());
}

void Conv2dPipeline::file_input(Image image) {
  demo_ = false, file_image_ = std::move(image), width_ = file_image_.width, height_ = file_image_.height;
  supply_input(compute_.engine());
}

void Conv2dPipeline::supply_input(Conv2dEngine& engine) {
  check_row_ = -1;
  if (demo_)
    engine.render_demo_input(scene_, width_, height_, demo_time_);
  else
    engine.load_input(file_image_.pixels.data(), width_, height_);
  host_input_fresh_ = false;
}

bool Conv2dPipeline::run(const Conv2dParams& p, const Filter2d& f, Break bug) {
  problem_ = launch_problem(p, compute_.backend().limits()).value_or("");
  if (problem_.empty()) problem_ = filter_problem(p, f).value_or("");
  if (problem_.empty() && bug != Break::none) problem_ = break_problem(p.strategy, bug).value_or("");
  if (!problem_.empty()) return false;
  check_row_ = -1;
  kernel_ms_ = compute_.run([&](Conv2dEngine& e) { return bug == Break::none ? e.run(p, f) : e.run_broken(p, bug, f); },
                            [&](Conv2dEngine& e) { supply_input(e); });
  host_output_fresh_ = false;
  return true;
}

double Conv2dPipeline::launch_once(const Conv2dParams& p, const Filter2d& f) {
  host_output_fresh_ = false, check_row_ = -1;
  return compute_.engine().run(p, f);
}

const Image& Conv2dPipeline::read_back(Image& img, bool& fresh, void (Conv2dEngine::*read)(float*) const) {
  if (!fresh) {
    if (img.width != width_ || img.height != height_) img = Image(width_, height_);
    (compute_.engine().*read)(img.pixels.data());
    fresh = true;
  }
  return img;
}

const Image& Conv2dPipeline::host_input() {
  return read_back(host_input_, host_input_fresh_, &Conv2dEngine::read_input);
}
const Image& Conv2dPipeline::host_output() {
  return read_back(host_output_, host_output_fresh_, &Conv2dEngine::read_output);
}

void Conv2dPipeline::start_check(const Filter2d& f) {
  const Image& in = host_input();
  host_output();
  if (reference_.width != in.width || reference_.height != in.height) reference_ = Image(in.width, in.height);
  check_filter_ = f;
  check_row_ = 0, check_max_in_ = 0, check_error_ = 0;
}

bool Conv2dPipeline::continue_check(double budget_ms) {
  if (!checking()) return true;
  const auto start = std::chrono::steady_clock::now();
  const float* in = host_input_.pixels.data();
  const float* out = host_output_.pixels.data();
  float* ref = reference_.pixels.data();
  const double row_taps = double(width_) * check_filter_.dim() * check_filter_.dim();
  // Bands of about 2^22 taps (a few ms), at least a row per thread.
  const int band = std::max(cpu_threads(), int(std::ceil(double(1 << 22) / std::max(row_taps, 1.0))));
  while (check_row_ < height_) {
    const int y0 = check_row_, y1 = std::min(height_, y0 + band);
    conv2d_cpu_rows(check_filter_, in, ref, width_, height_, y0, y1);
    const std::size_t first = std::size_t(y0) * width_, n = std::size_t(y1 - y0) * width_;
    for (std::size_t i = first; i < first + n; ++i) check_max_in_ = std::max(check_max_in_, std::fabs(in[i]));
    check_error_ = std::max(check_error_, tilescope::max_abs_error(out + first, ref + first, n));
    check_row_ = y1;
    const double spent = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (check_row_ < height_ && budget_ms > 0 && spent >= budget_ms) return false;
  }
  tolerance_ = conv2d_tolerance(check_filter_, check_max_in_);
  max_abs_error_ = check_error_;
  check_row_ = -1;
  return true;
}

}  // namespace tilescope
