#include "kernels/common/backend.hpp"

#include "kernels/common/error.hpp"

namespace tilescope {

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
