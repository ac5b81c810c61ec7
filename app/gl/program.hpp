#pragma once
// Shader programs built from the GLSL files in shaders/, embedded into the binary at build time.
#include <string>

#include "app/gl/handles.hpp"

namespace tilescope::gl {

// The text of shaders/NAME (e.g. "image.frag"); throws std::runtime_error if there is none.
const char* embedded_shader(const std::string& name);

// Compiles and links; throws std::runtime_error with the driver's log on failure.
Program build_program(const std::string& vertex_name, const std::string& fragment_name);

}  // namespace tilescope::gl
