// Linked instead of device_memory.cu when the build found no CUDA compiler.
#include "kernels/common/device_memory.hpp"

namespace tilescope {

std::optional<std::string> device_memory_problem(const void*) {
  return "this build has no CUDA (no CUDA compiler was found when it was configured): copy the array to host memory";
}
void wait_for_stream(std::uintptr_t) {}

}  // namespace tilescope
