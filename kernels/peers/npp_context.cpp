#include "kernels/peers/npp_context.hpp"

#include <cuda_runtime.h>

#include <string>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

NppStreamContext npp_stream_context() {
  int device = 0;
  cuda::check(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp prop{};
  cuda::check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  NppStreamContext context{};
  context.hStream = nullptr;
  context.nCudaDeviceId = device;
  context.nMultiProcessorCount = prop.multiProcessorCount;
  context.nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
  context.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
  context.nSharedMemPerBlock = prop.sharedMemPerBlock;
  context.nCudaDevAttrComputeCapabilityMajor = prop.major;
  context.nCudaDevAttrComputeCapabilityMinor = prop.minor;
  context.nStreamFlags = cudaStreamDefault;  // the legacy default stream's flags
  return context;
}

void check_npp(NppStatus status, const char* what) {
  if (status != NPP_SUCCESS) throw BackendError(std::string(what) + " failed with NppStatus " + std::to_string(status));
}

}  // namespace tilescope
