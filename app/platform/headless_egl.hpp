#pragma once
// Headless rendering: an OpenGL 3.3 core context on EGL with no window (NVIDIA's EGL device
// platform when present, Mesa's surfaceless platform otherwise) and an FBO to draw into.
#include <string>

#include "app/gl/handles.hpp"

namespace tilescope {

class HeadlessGl {
 public:
  // Throws std::runtime_error saying what is missing (no EGL display, no GL 3.3 core).
  HeadlessGl(int width, int height);
  ~HeadlessGl();
  HeadlessGl(const HeadlessGl&) = delete;
  HeadlessGl& operator=(const HeadlessGl&) = delete;

  const std::string& description() const { return description_; }  // "NVIDIA EGL device: ..."

 private:
  void* display_ = nullptr;
  void* context_ = nullptr;
  gl::Framebuffer fbo_;
  gl::Renderbuffer color_;
  std::string description_;
};

}  // namespace tilescope
