#include "app/platform/framebuffer_png.hpp"

#include <ctime>

#include "app/gl/gl.hpp"
#include "app/io/image_file.hpp"

namespace tilescope {

void read_framebuffer_rgb(int w, int h, std::vector<unsigned char>& rgb) {
  rgb.resize(std::size_t(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
}

void save_framebuffer_png(const std::string& path, int w, int h) {
  std::vector<unsigned char> rgb;
  read_framebuffer_rgb(w, h, rgb);
  io::save_framebuffer_rgb_png(path, w, h, rgb.data());  // GL's rows run bottom-up
}

std::string screenshot_name(const char* extension) {
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof name, "tilescope-%Y%m%d-%H%M%S", std::localtime(&now));
  return name + std::string(extension);
}

}  // namespace tilescope
