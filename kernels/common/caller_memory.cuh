#pragma once
// The kind of the copies between a CUDA engine's resident buffers and the memory its caller hands it
// (load the input, read the output): host memory for the command line and the app, device memory
// for the Python module's CuPy and torch arrays (kernels/common/device_memory.hpp). Unified
// addressing tells which a pointer is, so the same one-shot runs take either.
#include <cuda_runtime.h>

namespace tilescope::cuda {

inline constexpr cudaMemcpyKind kCallerMemory = cudaMemcpyDefault;

}  // namespace tilescope::cuda
