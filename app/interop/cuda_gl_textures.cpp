#include "app/interop/cuda_gl_textures.hpp"

#include <cuda_gl_interop.h>  // after GLAD: it finds GL already declared
#include <cuda_runtime.h>

#include <iostream>

namespace tilescope {

// One GL texture registered with CUDA, unregistered on destruction.
struct CudaGlTextures::Registration {
  cudaGraphicsResource_t resource = nullptr;
  int width = 0, height = 0;
  Registration(GLuint tex, int w, int h) : width(w), height(h) {
    const cudaError_t err =
        cudaGraphicsGLRegisterImage(&resource, tex, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsWriteDiscard);
    if (err != cudaSuccess) throw std::runtime_error(std::string("cudaGraphicsGLRegisterImage: ") + cudaGetErrorString(err));
  }
  ~Registration() { cudaGraphicsUnregisterResource(resource); }
  Registration(const Registration&) = delete;
  Registration& operator=(const Registration&) = delete;
};

namespace {

// Maps one resource for the lifetime of the guard.
class ScopedMap {
 public:
  explicit ScopedMap(cudaGraphicsResource_t& r) : resource_(r) {
    ok_ = cudaGraphicsMapResources(1, &resource_) == cudaSuccess;
  }
  ~ScopedMap() {
    if (ok_) cudaGraphicsUnmapResources(1, &resource_);
  }
  ScopedMap(const ScopedMap&) = delete;
  ScopedMap& operator=(const ScopedMap&) = delete;
  bool ok() const { return ok_; }

 private:
  cudaGraphicsResource_t& resource_;
  bool ok_ = false;
};

}  // namespace

CudaGlTextures::CudaGlTextures() = default;
CudaGlTextures::~CudaGlTextures() = default;

bool CudaGlTextures::copy(const float* d_src, GLuint tex, int width, int height) {
  if (!why_.empty() || !d_src) return false;
  try {
    auto& reg = registered_[tex];
    if (!reg || reg->width != width || reg->height != height) {
      reg.reset();  // the old storage's registration goes first
      reg = std::make_unique<Registration>(tex, width, height);
    }
    ScopedMap map(reg->resource);
    if (!map.ok()) throw std::runtime_error("cudaGraphicsMapResources failed");
    cudaArray_t array = nullptr;
    if (cudaGraphicsSubResourceGetMappedArray(&array, reg->resource, 0, 0) != cudaSuccess)
      throw std::runtime_error("cudaGraphicsSubResourceGetMappedArray failed");
    const std::size_t row = std::size_t(width) * sizeof(float);
    if (cudaMemcpy2DToArray(array, 0, 0, d_src, row, row, height, cudaMemcpyDeviceToDevice) != cudaSuccess)
      throw std::runtime_error("cudaMemcpy2DToArray failed");
    return true;
  } catch (const std::exception& e) {
    why_ = std::string("CUDA-GL interop unavailable (") + e.what() + "): uploading through the host";
    registered_.clear();
    cudaGetLastError();  // clear the error so the backend carries on
    std::cerr << "tilescope: " << why_ << "\n";
    return false;
  }
}

}  // namespace tilescope
