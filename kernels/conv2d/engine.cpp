#include "kernels/conv2d/engine.hpp"

#include <string>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/filter_rank.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope {

std::optional<std::string> filter_problem(const Conv2dParams& p, const Filter2d& f) {
  return p.strategy == Conv2dStrategy::separable ? separable_problem(f) : std::nullopt;
}

void validate_conv2d_run(const Conv2dParams& p, const Filter2d& f, const DeviceLimits& limits) {
  validate_launch(p, limits);
  if (f.radius != p.filter_radius || f.weights.size() != std::size_t(p.filter_dim()) * p.filter_dim())
    throw InvalidInput("the filter is " + std::to_string(f.dim()) + "x" + std::to_string(f.dim()) + " but radius " +
                       std::to_string(p.filter_radius) + " needs " + std::to_string(p.filter_dim()) + "x" +
                       std::to_string(p.filter_dim()));
  if (const auto why = filter_problem(p, f)) throw InvalidInput(*why);
}

void validate_conv2d_broken_run(const Conv2dParams& p, Break bug, const Filter2d& f, const DeviceLimits& limits) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  validate_conv2d_run(p, f, limits);
}

double Conv2dEngine::conv2d_broken(const Conv2dParams& p, Break bug, const Filter2d& f, const float* h_in,
                                   float* h_out) {
  validate_conv2d_broken_run(p, bug, f, limits());
  load_input(h_in, p.width, p.height);
  const double ms = run_broken(p, bug, f);
  read_output(h_out);
  return ms;
}

std::vector<double> Conv2dEngine::conv2d(const Conv2dParams& p, const Filter2d& f, const float* h_in, float* h_out,
                                         int reps) {
  validate_conv2d_run(p, f, limits());
  load_input(h_in, p.width, p.height);
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) ms.push_back(run(p, f));
  read_output(h_out);
  return ms;
}

}  // namespace tilescope
