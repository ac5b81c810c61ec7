#pragma once
// CUDA-GL interop: copies a device image straight into a GL texture (device to device), with
// each texture's registration owned by a move-only RAII object and mapped only for the copy,
// so it is unmapped before GL samples it. When interop is not possible (no CUDA in this build,
// a GL context CUDA cannot share, registration fails) copy() returns false and says why once;
// the caller then uploads through the host.
#include <map>
#include <memory>
#include <string>

#include "app/gl/gl.hpp"

namespace tilescope {

class CudaGlTextures {
 public:
  CudaGlTextures();
  ~CudaGlTextures();
  CudaGlTextures(const CudaGlTextures&) = delete;
  CudaGlTextures& operator=(const CudaGlTextures&) = delete;

  // Copies width x height floats from d_src, rows `pitch` floats apart (0: width), into the R32F
  // texture `tex` (its storage must be width x height). False when interop is unavailable: see why().
  bool copy(const float* d_src, GLuint tex, int width, int height, int pitch = 0);
  bool available() const { return why_.empty(); }
  const std::string& why() const { return why_; }

 private:
  struct Registration;
  std::map<GLuint, std::unique_ptr<Registration>> registered_;
  std::string why_;
};

}  // namespace tilescope
