// Built when there is no CUDA: interop is never available and the app uploads through the host.
#include "app/interop/cuda_device.hpp"
#include "app/interop/cuda_gl_textures.hpp"

namespace tilescope {

struct CudaGlTextures::Registration {};

CudaGlTextures::CudaGlTextures() : why_("this build has no CUDA: uploading through the host") {}
CudaGlTextures::~CudaGlTextures() = default;

bool CudaGlTextures::copy(const float*, GLuint, int, int, int) { return false; }

std::optional<CudaDeviceId> current_cuda_device() { return std::nullopt; }

}  // namespace tilescope
