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

// A new object from glGen*(1, &id), owned.
template <typename H, typename Gen>
H generate(Gen gen) {
  GLuint id = 0;
  gen(1, &id);
  return H(id);
}
inline Texture make_texture() { return generate<Texture>(glGenTextures); }
inline VertexArray make_vertex_array() { return generate<VertexArray>(glGenVertexArrays); }
inline Framebuffer make_framebuffer() { return generate<Framebuffer>(glGenFramebuffers); }
inline Renderbuffer make_renderbuffer() { return generate<Renderbuffer>(glGenRenderbuffers); }

}  // namespace tilescope::gl
