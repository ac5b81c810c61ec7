#include "kernels/common/own_context.hpp"

#include <cuda.h>
#include <cudaTypedefs.h>

#include <string>

#include "kernels/common/driver_function.cuh"

namespace tilescope {

void use_own_cuda_context(int device) {
  cuda::check(cudaFree(nullptr), "no usable NVIDIA GPU: cudaFree");  // loads the driver
  const auto device_get = cuda::driver_function<PFN_cuDeviceGet_v2000>("cuDeviceGet", 2000);
  const auto ctx_create = cuda::driver_function<PFN_cuCtxCreate_v3020>("cuCtxCreate", 3020);
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  if (device_get(&dev, device) != CUDA_SUCCESS || ctx_create(&ctx, 0, dev) != CUDA_SUCCESS || !ctx)
    throw BackendError("the driver made no CUDA context of this thread's own on device " + std::to_string(device));
}

}  // namespace tilescope
