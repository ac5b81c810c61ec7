#pragma once
// The CUDA device this process computes on, as the graphics side needs to know it: its UUID,
// to pick the EGL device that is the same GPU. Defined in cuda_gl_textures.cpp (CUDA builds)
// and cuda_gl_textures_none.cpp (no CUDA), which the build already chooses between.
#include <array>
#include <optional>

namespace tilescope {

struct CudaDeviceId {
  int ordinal = 0;                       // as cudaGetDevice numbers it
  std::array<unsigned char, 16> uuid{};  // cudaDeviceProp::uuid
};

// The current CUDA device (cudaGetDevice), or nothing when this build has no CUDA or no device is
// usable (no driver, no GPU). Never throws; leaves no CUDA error behind.
std::optional<CudaDeviceId> current_cuda_device();

}  // namespace tilescope
