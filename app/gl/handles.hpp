#pragma once
// Move-only owners of OpenGL objects: each deletes its object exactly once.
#include "app/gl/gl.hpp"
#include "kernels/common/unique_handle.hpp"

namespace tilescope::gl {

template <typename Deleter>
using Handle = UniqueHandle<GLuint, Deleter>;

struct DeleteTexture {
  void operator()(GLuint id) const { glDeleteTextures(1, &id); }
};
struct DeleteBuffer {
  void operator()(GLuint id) const { glDeleteBuffers(1, &id); }
};
struct DeleteVertexArray {
  void operator()(GLuint id) const { glDeleteVertexArrays(1, &id); }
};
struct DeleteFramebuffer {
  void operator()(GLuint id) const { glDeleteFramebuffers(1, &id); }
};
struct DeleteRenderbuffer {
  void operator()(GLuint id) const { glDeleteRenderbuffers(1, &id); }
};
struct DeleteProgram {
  void operator()(GLuint id) const { glDeleteProgram(id); }
};
struct DeleteShader {
  void operator()(GLuint id) const { glDeleteShader(id); }
};

using Texture = Handle<DeleteTexture>;
using Buffer = Handle<DeleteBuffer>;
using VertexArray = Handle<DeleteVertexArray>;
using Framebuffer = Handle<DeleteFramebuffer>;
using Renderbuffer = Handle<DeleteRenderbuffer>;
using Program = Handle<DeleteProgram>;
using Shader = Handle<DeleteShader>;

inline Texture make_texture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return Texture(id);
}
inline Buffer make_buffer() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return Buffer(id);
}
inline VertexArray make_vertex_array() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return VertexArray(id);
}
inline Framebuffer make_framebuffer() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return Framebuffer(id);
}
inline Renderbuffer make_renderbuffer() {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  return Renderbuffer(id);
}

}  // namespace tilescope::gl
