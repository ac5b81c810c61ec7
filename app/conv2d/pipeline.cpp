#include "app/conv2d/pipeline.hpp"

#include <algorithm>
#include <cmath>

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
  kernel_ms_ = compute_.run([&](Conv2dEngine& e) { return bug == Break::none ? e.run(p, f) : e.run_broken(p, bug, f); },
                            [&](Conv2dEngine& e) { supply_input(e); });
  host_output_fresh_ = false;
  return true;
}

double Conv2dPipeline::launch_once(const Conv2dParams& p, const Filter2d& f) {
  host_output_fresh_ = false;
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
