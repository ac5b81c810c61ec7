#pragma once
// The OpenGL 3.3 core API, through the GLAD loader generated at build time.
#include <glad/gl.h>
