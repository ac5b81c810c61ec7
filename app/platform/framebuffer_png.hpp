#pragma once
#include <string>

namespace tilescope {

// Reads the current framebuffer (w x h pixels) and writes it as an RGB PNG, atomically.
void save_framebuffer_png(const std::string& path, int w, int h);
// "tilescope-YYYYMMDD-HHMMSS.png" in the current directory.
std::string screenshot_name();

}  // namespace tilescope
