// Linked instead of own_context.cu when the build found no CUDA compiler.
#include "kernels/common/error.hpp"
#include "kernels/common/own_context.hpp"

namespace tilescope {

void use_own_cuda_context(int) { throw BackendError("this build has no CUDA"); }

}  // namespace tilescope
