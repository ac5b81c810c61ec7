#include "app/gl/program.hpp"

#include <stdexcept>
#include <vector>

namespace tilescope::gl {
namespace {

Shader compile(GLenum type, const std::string& name) {
  Shader shader(glCreateShader(type));
  const char* source = embedded_shader(name);
  glShaderSource(shader.get(), 1, &source, nullptr);
  glCompileShader(shader.get());
  GLint ok = 0;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetShaderiv(shader.get(), GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(std::size_t(length) + 1);
    glGetShaderInfoLog(shader.get(), length, nullptr, log.data());
    throw std::runtime_error("shader " + name + " does not compile: " + log.data());
  }
  return shader;
}

}  // namespace

Program build_program(const std::string& vertex_name, const std::string& fragment_name) {
  const Shader vs = compile(GL_VERTEX_SHADER, vertex_name), fs = compile(GL_FRAGMENT_SHADER, fragment_name);
  Program program(glCreateProgram());
  glAttachShader(program.get(), vs.get());
  glAttachShader(program.get(), fs.get());
  glLinkProgram(program.get());
  GLint ok = 0;
  glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(program.get(), sizeof log, nullptr, log);
    throw std::runtime_error("shaders " + vertex_name + " + " + fragment_name + " do not link: " + log);
  }
  return program;
}

}  // namespace tilescope::gl
