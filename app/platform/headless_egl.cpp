#include "app/platform/headless_egl.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <utility>

#include "app/gl/debug.hpp"
#include "app/interop/cuda_device.hpp"

namespace tilescope {

namespace egl {

void TerminateDisplay::operator()(void* display) const { eglTerminate(display); }

Context::Context(Context&& o) noexcept
    : display_(std::exchange(o.display_, nullptr)), context_(std::exchange(o.context_, nullptr)) {}
Context& Context::operator=(Context&& o) noexcept {
  std::swap(display_, o.display_);
  std::swap(context_, o.context_);
  return *this;
}
Context::~Context() {
  if (!context_) return;
  if (eglGetCurrentContext() == context_) eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
}

}  // namespace egl

namespace {

// Notes on how the display was chosen: debug builds, TILESCOPE_GL_DEBUG or TILESCOPE_VERBOSE.
bool verbose() {
  const char* v = std::getenv("TILESCOPE_VERBOSE");
  return gl::debug_requested() || (v && *v && std::strcmp(v, "0") != 0);
}
void say_once(const std::string& what) {
  static bool said = false;
  if (said || !verbose()) return;
  said = true;
  std::cerr << "tilescope: " << what << "\n";
}

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

template <typename F>
F egl_proc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

struct Opened {
  egl::Display display;
  std::string how;
};

// Initialises the display of one EGL device; nothing when it will not initialise.
std::optional<egl::Display> open_device(PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display, EGLDeviceEXT device) {
  EGLDisplay d = get_platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr)) return std::nullopt;
  return egl::Display(d);
}

// The EGL device that is the CUDA device (same UUID), when CUDA is usable and EGL says UUIDs
// (EGL_EXT_device_persistent_id). Says once, in verbose runs, why it fell back.
std::optional<Opened> open_cuda_device(PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display,
                                       const EGLDeviceEXT* devices, EGLint count) {
  const std::optional<CudaDeviceId> cuda = current_cuda_device();
  if (!cuda) return std::nullopt;  // no CUDA in this build, or no usable device: nothing to match
  const auto query_string = egl_proc<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
  const auto query_binary = egl_proc<PFNEGLQUERYDEVICEBINARYEXTPROC>("eglQueryDeviceBinaryEXT");
  const std::string cuda_name = "CUDA device " + std::to_string(cuda->ordinal);
  if (!query_string || !query_binary) {
    say_once("EGL cannot query device UUIDs (no eglQueryDeviceBinaryEXT): not matching " + cuda_name +
             "; taking the first NVIDIA EGL device");
    return std::nullopt;
  }
  bool any_uuid = false;
  for (EGLint i = 0; i < count; ++i) {
    if (!has_extension(query_string(devices[i], EGL_EXTENSIONS), "EGL_EXT_device_persistent_id")) continue;
    unsigned char uuid[16] = {};
    EGLint size = 0;
    if (!query_binary(devices[i], EGL_DEVICE_UUID_EXT, sizeof uuid, uuid, &size) || size != EGLint(sizeof uuid))
      continue;
    any_uuid = true;
    if (std::memcmp(uuid, cuda->uuid.data(), sizeof uuid) != 0) continue;
    std::optional<egl::Display> d = open_device(get_platform_display, devices[i]);
    if (!d) {
      say_once("the EGL device of " + cuda_name + " does not initialise: trying the others");
      return std::nullopt;
    }
    const char* vendor = eglQueryString(d->get(), EGL_VENDOR);
    return Opened{std::move(*d), "EGL device of " + cuda_name + " by UUID (" + (vendor ? vendor : "?") + ")"};
  }
  say_once(any_uuid ? "no EGL device has the UUID of " + cuda_name + ": taking the first NVIDIA EGL device"
                    : "no EGL device says its UUID (EGL_EXT_device_persistent_id): not matching " + cuda_name +
                          "; taking the first NVIDIA EGL device");
  return std::nullopt;
}

Opened open_display() {
  const auto get_platform_display = egl_proc<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  const auto query_devices = egl_proc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  if (!get_platform_display) throw std::runtime_error("EGL has no eglGetPlatformDisplayEXT: cannot render headless");
  // A GPU first: the device platform, the CUDA device's own when it can be told, else a device
  // whose driver is NVIDIA's.
  EGLDeviceEXT devices[16];
  EGLint count = 0;
  if (query_devices && query_devices(16, devices, &count)) {
    if (std::optional<Opened> same = open_cuda_device(get_platform_display, devices, count)) return std::move(*same);
    for (EGLint i = 0; i < count; ++i) {
      std::optional<egl::Display> d = open_device(get_platform_display, devices[i]);
      if (!d) continue;
      const char* vendor = eglQueryString(d->get(), EGL_VENDOR);
      if (vendor && std::string(vendor).find("NVIDIA") != std::string::npos)
        return {std::move(*d), std::string("EGL device platform (") + vendor + ")"};
    }  // a device that is not NVIDIA's is terminated as its Display goes
  }
  EGLDisplay d = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) return {egl::Display(d), "Mesa surfaceless EGL"};
  throw std::runtime_error("no headless EGL display (neither an NVIDIA EGL device nor Mesa's surfaceless platform)");
}

}  // namespace

HeadlessGl::HeadlessGl(int width, int height) {
  Opened opened = open_display();
  display_ = std::move(opened.display);
  const std::string& how = opened.how;
  EGLDisplay display = display_.get();
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(display, config_attribs, &config, 1, &n) || n < 1)
    throw std::runtime_error(how + ": no OpenGL-capable EGL config");
  // A debug context where GL errors are reported (debug builds, TILESCOPE_GL_DEBUG): see gl/debug.hpp.
  const EGLint debug = gl::debug_requested() ? EGL_TRUE : EGL_FALSE;
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                    3,
                                    EGL_CONTEXT_MINOR_VERSION,
                                    3,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                    EGL_CONTEXT_OPENGL_DEBUG,
                                    debug,
                                    EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT) throw std::runtime_error(how + ": OpenGL 3.3 core is not available");
  context_ = egl::Context(display, context);
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    throw std::runtime_error(how + ": cannot make a context current without a surface");
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
    throw std::runtime_error(how + ": cannot load the OpenGL functions");
  gl::install_debug_output();
  fbo_ = gl::make_framebuffer();
  color_ = gl::make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, color_.get());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.get());
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error(how + ": the offscreen framebuffer is incomplete (" + std::to_string(width) + "x" +
                             std::to_string(height) + ")");
  description_ = how + ", " + reinterpret_cast<const char*>(glGetString(GL_RENDERER));
}

}  // namespace tilescope
