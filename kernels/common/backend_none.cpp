// Linked instead of the CUDA backend when the build found no CUDA compiler.
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

std::unique_ptr<Backend> make_cuda_backend() {
  throw InvalidInput(
      "the cuda backend is not compiled into this build (no CUDA compiler was found when it was "
      "configured); available backends: cpu");
}
bool cuda_compiled() { return false; }

}  // namespace tilescope
