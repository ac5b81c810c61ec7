# Writes OUT: a C++ file holding every shader in SHADERS as a string, looked up by file name.
# GLSL_ES (the browser build): each shader's `#version 330 core` line becomes GLSL ES 3.00's
# (WebGL2) with high precision for floats, ints and samplers (the views sample R32F textures);
# the rest of the source is the same.
set(body "")
set(table "")
foreach(path IN LISTS SHADERS)
  get_filename_component(name ${path} NAME)
  string(MAKE_C_IDENTIFIER ${name} id)
  file(READ ${path} text)
  if(GLSL_ES)
    string(FIND "${text}" "#version 330 core\n" at)
    if(NOT at EQUAL 0)
      message(FATAL_ERROR "${path} must start with `#version 330 core` (the browser's 300 es is made from it)")
    endif()
    string(REPLACE "#version 330 core\n"
           "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n" text "${text}")
  endif()
  string(APPEND body "const char* const k_${id} = R\"glsl(${text})glsl\";\n")
  string(APPEND table "    {\"${name}\", k_${id}},\n")
endforeach()
file(WRITE ${OUT}.tmp "// Generated from shaders/ by shaders/embed.cmake: do not edit.
#include <map>
#include <stdexcept>
#include <string>
#include \"app/gl/program.hpp\"
namespace tilescope::gl {
namespace {
${body}}  // namespace
const char* embedded_shader(const std::string& name) {
  static const std::map<std::string, const char*> shaders = {
${table}  };
  auto it = shaders.find(name);
  if (it == shaders.end()) throw std::runtime_error(\"no embedded shader \" + name);
  return it->second;
}
}  // namespace tilescope::gl
")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
