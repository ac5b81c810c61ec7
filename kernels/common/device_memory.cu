#include "kernels/common/device_memory.hpp"

#include "kernels/common/cuda_check.hpp"

namespace tilescope {

std::optional<std::string> device_memory_problem(const void* p) {
  cudaPointerAttributes a{};
  if (const cudaError_t err = cudaPointerGetAttributes(&a, p); err != cudaSuccess) {
    cudaGetLastError();  // clear it: the next CUDA call must not report it
    return std::string("CUDA cannot tell what its pointer is (") + cudaGetErrorString(err) + ")";
  }
  if (a.type != cudaMemoryTypeDevice && a.type != cudaMemoryTypeManaged)
    return "its pointer is not device memory (CUDA sees it as host memory)";
  int device = 0;
  cuda::check(cudaGetDevice(&device), "cudaGetDevice");
  if (a.device != device)
    return "it is on GPU " + std::to_string(a.device) + ", and the CUDA backend runs on GPU " + std::to_string(device);
  return std::nullopt;
}

void wait_for_stream(std::uintptr_t stream) {
  cuda::check(cudaStreamSynchronize(reinterpret_cast<cudaStream_t>(stream)), "cudaStreamSynchronize");
}

}  // namespace tilescope
