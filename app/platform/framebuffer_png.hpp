#pragma once
#include <string>
#include <vector>

namespace tilescope {

// Reads the current framebuffer (w x h pixels) as RGB bytes, rows bottom-up (as GL reads them).
void read_framebuffer_rgb(int w, int h, std::vector<unsigned char>& rgb);

// Reads the current framebuffer (w x h pixels) and writes it as an RGB PNG, atomically.
void save_framebuffer_png(const std::string& path, int w, int h);
// "tilescope-YYYYMMDD-HHMMSS" and the extension (".png", ".gif"), in the current directory.
std::string screenshot_name(const char* extension = ".png");

}  // namespace tilescope
