#pragma once
// A CUDA driver function fetched through the runtime, at the ABI of a given CUDA version, so the
// build links no libcuda: a machine without a driver still loads the binary.
#include <cuda_runtime.h>

#include <string>

#include "kernels/common/cuda_check.hpp"

namespace tilescope::cuda {

// Fn: the function's type for that version (cudaTypedefs.h's PFN_<name>_v<version>). Throws
// BackendError where the driver has none.
template <typename Fn>
Fn driver_function(const char* name, int version) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  check(cudaGetDriverEntryPointByVersion(name, &fn, version, cudaEnableDefault, &found),
        (std::string("cudaGetDriverEntryPointByVersion (") + name + ")").c_str());
  if (found != cudaDriverEntryPointSuccess || !fn) throw BackendError(std::string("the driver has no ") + name);
  return reinterpret_cast<Fn>(fn);
}

}  // namespace tilescope::cuda
