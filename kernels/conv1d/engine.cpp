#include "kernels/conv1d/engine.hpp"

#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/model.hpp"

namespace tilescope {

void validate_conv1d_run(const Conv1dParams& p, const Filter1d& f, const DeviceLimits& limits, int resident_length) {
  validate_launch(p, limits);
  if (p.length != resident_length)
    throw InvalidInput("the parameters' signal length differs from the resident input's");
  if (f.radius != p.filter_radius || f.weights.size() != std::size_t(p.filter_dim()))
    throw InvalidInput("the filter has " + std::to_string(f.weights.size()) + " taps but radius " +
                       std::to_string(p.filter_radius) + " needs " + std::to_string(p.filter_dim()));
}

void validate_conv1d_broken_run(const Conv1dParams& p, Break bug, const Filter1d& f, const DeviceLimits& limits,
                                int resident_length) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  validate_conv1d_run(p, f, limits, resident_length);
}

double Conv1dEngine::conv1d_broken(const Conv1dParams& p, Break bug, const Filter1d& f, const float* h_in,
                                   float* h_out) {
  validate_conv1d_broken_run(p, bug, f, limits(), p.length);
  load_input(h_in, p.length);
  const double ms = run_broken(p, bug, f);
  read_output(h_out);
  return ms;
}

std::vector<double> Conv1dEngine::conv1d(const Conv1dParams& p, const Filter1d& f, const float* h_in, float* h_out,
                                         int reps) {
  validate_conv1d_run(p, f, limits(), p.length);
  load_input(h_in, p.length);
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) ms.push_back(run(p, f));
  read_output(h_out);
  return ms;
}

}  // namespace tilescope
