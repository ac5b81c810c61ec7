#include "app/interop/cuda_gl_textures.hpp"

#include <cuda_gl_interop.h>  // after GLAD: it finds GL already declared
#include <cuda_runtime.h>

#include <cstring>
#include <iostream>
#include <stdexcept>

#include "app/interop/cuda_device.hpp"

namespace tilescope {
namespace {

// Interop failures keep CUDA's own words: "cudaGraphicsGLRegisterImage: cudaErrorUnknown (unknown error)".
void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")");
}

}  // namespace

// One GL texture registered with CUDA, unregistered on destruction.
struct CudaGlTextures::Registration {
  cudaGraphicsResource_t resource = nullptr;
  int width = 0, height = 0;
  Registration(GLuint tex, int w, int h) : width(w), height(h) {
    check(cudaGraphicsGLRegisterImage(&resource, tex, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsWriteDiscard),
          "cudaGraphicsGLRegisterImage");
  }
  ~Registration() { cudaGraphicsUnregisterResource(resource); }
  Registration(const Registration&) = delete;
  Registration& operator=(const Registration&) = delete;
};

namespace {

// Maps one resource for the lifetime of the guard; throws (with CUDA's error name) when it cannot.
class ScopedMap {
 public:
  explicit ScopedMap(cudaGraphicsResource_t& r) : resource_(r) {
    check(cudaGraphicsMapResources(1, &resource_), "cudaGraphicsMapResources");
  }
  ~ScopedMap() { cudaGraphicsUnmapResources(1, &resource_); }
  ScopedMap(const ScopedMap&) = delete;
  ScopedMap& operator=(const ScopedMap&) = delete;

 private:
  cudaGraphicsResource_t& resource_;
};

}  // namespace

CudaGlTextures::CudaGlTextures() = default;
CudaGlTextures::~CudaGlTextures() = default;

bool CudaGlTextures::copy(const float* d_src, GLuint tex, int width, int height, int pitch) {
  if (!why_.empty() || !d_src) return false;
  try {
    auto& reg = registered_[tex];
    if (!reg || reg->width != width || reg->height != height) {
      reg.reset();  // the old storage's registration goes first
      reg = std::make_unique<Registration>(tex, width, height);
    }
    ScopedMap map(reg->resource);
    cudaArray_t array = nullptr;
    check(cudaGraphicsSubResourceGetMappedArray(&array, reg->resource, 0, 0), "cudaGraphicsSubResourceGetMappedArray");
    const std::size_t row = std::size_t(width) * sizeof(float),
                      src_pitch = std::size_t(pitch ? pitch : width) * sizeof(float);
    check(cudaMemcpy2DToArray(array, 0, 0, d_src, src_pitch, row, height, cudaMemcpyDeviceToDevice),
          "cudaMemcpy2DToArray");
    return true;
  } catch (const std::exception& e) {
    why_ = std::string("CUDA-GL interop unavailable (") + e.what() + "): uploading through the host";
    registered_.clear();
    cudaGetLastError();  // clear the error so the backend carries on
    std::cerr << "tilescope: " << why_ << "\n";
    return false;
  }
}

std::optional<CudaDeviceId> current_cuda_device() {
  CudaDeviceId id;
  int count = 0;
  cudaDeviceProp prop{};
  const bool ok = cudaGetDeviceCount(&count) == cudaSuccess && count > 0 && cudaGetDevice(&id.ordinal) == cudaSuccess &&
                  cudaGetDeviceProperties(&prop, id.ordinal) == cudaSuccess;
  cudaGetLastError();  // no device is an answer here, not an error for the next CUDA call to trip on
  if (!ok) return std::nullopt;
  static_assert(sizeof prop.uuid.bytes == 16, "cudaUUID_t is 16 bytes, as EGL_DEVICE_UUID_EXT");
  std::memcpy(id.uuid.data(), prop.uuid.bytes, 16);
  return id;
}

}  // namespace tilescope
