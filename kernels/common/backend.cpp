#include "kernels/common/backend.hpp"

#include "kernels/common/error.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope {

void validate_run(const Conv2dParams& p, const Filter2d& f, const DeviceLimits& limits) {
  validate_conv2d(p, limits);
  if (f.radius != p.filter_radius || f.weights.size() != std::size_t(p.filter_dim()) * p.filter_dim())
    throw InvalidInput("the filter is " + std::to_string(f.dim()) + "x" + std::to_string(f.dim()) +
                       " but radius " + std::to_string(p.filter_radius) + " needs " +
                       std::to_string(p.filter_dim()) + "x" + std::to_string(p.filter_dim()));
}

std::vector<double> Backend::conv2d(const Conv2dParams& p, const Filter2d& f, const float* h_in, float* h_out,
                                    int reps) {
  validate_run(p, f, limits());
  load_input(h_in, p.width, p.height);
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) ms.push_back(run(p, f));
  read_output(h_out);
  return ms;
}

BackendChoice choose_backend(const std::string& name) {
  if (name == "cpu") return {make_cpu_backend(), ""};
  if (name == "cuda") return {make_cuda_backend(), ""};
  if (name != "auto") throw InvalidInput("unknown backend '" + name + "': use auto, cpu or cuda");
  if (!cuda_compiled()) return {make_cpu_backend(), "this build has no CUDA backend; using the CPU"};
  try {
    return {make_cuda_backend(), ""};
  } catch (const BackendError& e) {
    return {make_cpu_backend(), std::string(e.what()) + "; using the CPU backend"};
  }
}

BackendChoice choose_backend_or_cpu(const std::string& name) {
  try {
    return choose_backend(name);
  } catch (const std::exception& e) {  // cuda not compiled in, or no device
    return {make_cpu_backend(), std::string(e.what()) + "; using the CPU backend"};
  }
}

}  // namespace tilescope
