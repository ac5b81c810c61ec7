#pragma once
// GL errors reported as they happen (KHR_debug, core in GL 4.3): in debug builds and whenever
// TILESCOPE_GL_DEBUG is set (not to 0). Messages of type ERROR and of HIGH or MEDIUM severity go
// to stderr and are counted; the render tests read the count. Header-only: the window and the
// headless context both install it right after loading GL.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>

#include "app/gl/gl.hpp"

namespace tilescope::gl {

// Whether to ask for a debug context and install the callback.
inline bool debug_requested() {
#ifndef NDEBUG
  return true;
#else
  const char* v = std::getenv("TILESCOPE_GL_DEBUG");
  return v && *v && std::strcmp(v, "0") != 0;
#endif
}

// GL errors reported in this process since it started (every context).
inline std::atomic<int>& debug_error_counter() {
  static std::atomic<int> count{0};
  return count;
}
inline int debug_error_count() { return debug_error_counter().load(); }

namespace detail {

inline const char* debug_type_name(GLenum type) {
  switch (type) {
    case GL_DEBUG_TYPE_ERROR: return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated behaviour";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined behaviour";
    case GL_DEBUG_TYPE_PORTABILITY: return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
    default: return "other";
  }
}

inline void GLAD_API_PTR on_debug_message(GLenum, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                          const GLchar* message, const void*) {
  const bool serious = severity == GL_DEBUG_SEVERITY_HIGH || severity == GL_DEBUG_SEVERITY_MEDIUM;
  if (type != GL_DEBUG_TYPE_ERROR && !serious) return;
  std::size_t n = length >= 0 ? std::size_t(length) : std::strlen(message);
  while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == '\0')) --n;  // one line each
  debug_error_counter().fetch_add(1);
  std::cerr << "tilescope: GL " << debug_type_name(type) << " (id " << id << ", "
            << (severity == GL_DEBUG_SEVERITY_HIGH     ? "high"
                : severity == GL_DEBUG_SEVERITY_MEDIUM ? "medium"
                                                       : "low")
            << "): " << std::string_view(message, n) << "\n";
}

}  // namespace detail

// Installs the callback on the current context when debug_requested(); GLAD must be loaded.
// Returns whether it is installed. A context without KHR_debug is said once, never an error.
inline bool install_debug_output() {
  if (!debug_requested()) return false;
  if (!GLAD_GL_KHR_debug || !glDebugMessageCallback || !glDebugMessageControl) {
    static bool said = false;
    if (!said) std::cerr << "tilescope: this OpenGL context has no KHR_debug: GL errors are not reported\n";
    said = true;
    return false;
  }
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // reported inside the failing call: a breakpoint shows who
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_HIGH, 0, nullptr, GL_TRUE);
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_MEDIUM, 0, nullptr, GL_TRUE);
  glDebugMessageCallback(detail::on_debug_message, nullptr);
  return true;
}

}  // namespace tilescope::gl
