#pragma once
// A single-channel float32 image, row-major, as the kernels see it.
#include <cstddef>
#include <vector>

namespace tilescope {

struct Image {
  int width = 0, height = 0;
  std::vector<float> pixels;

  Image() = default;
  Image(int w, int h, float value = 0.0f) : width(w), height(h), pixels(std::size_t(w) * h, value) {}
  float& at(int x, int y) { return pixels[std::size_t(y) * width + x]; }
  float at(int x, int y) const { return pixels[std::size_t(y) * width + x]; }
};

}  // namespace tilescope
