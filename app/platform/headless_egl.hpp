#pragma once
// Headless rendering: an OpenGL 3.3 core context on EGL with no window and an FBO to draw into.
// The display is the EGL device whose UUID is the CUDA device's when CUDA is usable (so interop
// shares one GPU), else NVIDIA's EGL device platform when present, else Mesa's surfaceless one.
#include <string>

#include "app/gl/handles.hpp"
#include "kernels/common/unique_handle.hpp"

namespace tilescope {

namespace egl {

// An initialised EGLDisplay, terminated on destruction (EGL types are void*: the header needs no
// EGL). Display(d) takes one eglInitialize to undo.
struct TerminateDisplay {
  void operator()(void* display) const;
};
using Display = UniqueHandle<void*, TerminateDisplay>;

// An EGLContext of a display, released and destroyed on destruction (before its display goes).
class Context {
 public:
  Context() = default;
  Context(void* display, void* context) : display_(display), context_(context) {}
  Context(Context&& o) noexcept;
  Context& operator=(Context&& o) noexcept;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  ~Context();
  void* get() const { return context_; }

 private:
  void* display_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace egl

class HeadlessGl {
 public:
  // Throws std::runtime_error saying what is missing (no EGL display, no GL 3.3 core); whatever
  // it made before that is released.
  HeadlessGl(int width, int height);
  HeadlessGl(HeadlessGl&&) = default;
  HeadlessGl& operator=(HeadlessGl&&) = delete;  // would swap contexts under current GL objects

  const std::string& description() const { return description_; }  // "EGL device platform (NVIDIA), ..."

 private:
  // Destroyed bottom-up: GL objects while the context is current, the context, then the display.
  egl::Display display_;
  egl::Context context_;
  gl::Framebuffer fbo_;
  gl::Renderbuffer color_;
  std::string description_;
};

}  // namespace tilescope
