#include "app/platform/framebuffer_png.hpp"

#include <stb_image_write.h>

#include <ctime>
#include <vector>

#include "app/gl/gl.hpp"
#include "app/io/atomic_file.hpp"

namespace tilescope {

void save_framebuffer_png(const std::string& path, int w, int h) {
  std::vector<unsigned char> rgb(std::size_t(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  io::write_atomically(path, [&](const std::string& tmp) {
    stbi_flip_vertically_on_write(1);  // GL's rows run bottom-up
    return stbi_write_png(tmp.c_str(), w, h, 3, rgb.data(), w * 3) != 0;
  });
}

std::string screenshot_name() {
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof name, "tilescope-%Y%m%d-%H%M%S.png", std::localtime(&now));
  return name;
}

}  // namespace tilescope
