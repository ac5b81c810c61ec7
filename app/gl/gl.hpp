#pragma once
// The OpenGL 3.3 core API, through the GLAD loader generated at build time; in the browser
// (emscripten), OpenGL ES 3.0 = WebGL2, whose functions emscripten provides (no loader).
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
