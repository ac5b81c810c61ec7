#include "app/platform/headless_egl.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <stdexcept>
#include <vector>

namespace tilescope {
namespace {

EGLDisplay open_display(std::string& how) {
  auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  if (!get_platform_display) throw std::runtime_error("EGL has no eglGetPlatformDisplayEXT: cannot render headless");
  // A GPU first: the device platform, taking a device whose driver is NVIDIA's.
  if (query_devices) {
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (query_devices(16, devices, &count))
      for (EGLint i = 0; i < count; ++i) {
        EGLDisplay d = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr)) continue;
        const char* vendor = eglQueryString(d, EGL_VENDOR);
        if (vendor && std::string(vendor).find("NVIDIA") != std::string::npos) {
          how = std::string("EGL device platform (") + vendor + ")";
          return d;
        }
        eglTerminate(d);
      }
  }
  EGLDisplay d = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
    how = "Mesa surfaceless EGL";
    return d;
  }
  throw std::runtime_error("no headless EGL display (neither an NVIDIA EGL device nor Mesa's surfaceless platform)");
}

}  // namespace

HeadlessGl::HeadlessGl(int width, int height) {
  std::string how;
  EGLDisplay display = open_display(how);
  display_ = display;
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(display, config_attribs, &config, 1, &n) || n < 1)
    throw std::runtime_error(how + ": no OpenGL-capable EGL config");
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT) throw std::runtime_error(how + ": OpenGL 3.3 core is not available");
  context_ = context;
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    throw std::runtime_error(how + ": cannot make a context current without a surface");
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
    throw std::runtime_error(how + ": cannot load the OpenGL functions");
  fbo_ = gl::make_framebuffer();
  color_ = gl::make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, color_.get());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.get());
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error(how + ": the offscreen framebuffer is incomplete");
  description_ = how + ", " + reinterpret_cast<const char*>(glGetString(GL_RENDERER));
}

HeadlessGl::~HeadlessGl() {
  fbo_ = {};
  color_ = {};
  if (display_) {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context_) eglDestroyContext(display_, context_);
    eglTerminate(display_);
  }
}

}  // namespace tilescope
