#include "app/sources/demo_source.hpp"

#include <algorithm>
#include <cmath>

namespace tilescope {

void render_demo(Image& img, double t) {
  const int w = img.width, h = img.height;
  const float s = 1.0f / float(std::min(w, h));
  const float ct = float(std::cos(0.4 * t)), st = float(std::sin(0.4 * t));
  const float bx = 0.5f + 0.25f * float(std::cos(0.7 * t)), by = 0.5f + 0.25f * float(std::sin(0.9 * t));
#pragma omp parallel for schedule(static)
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float u = x * s, v = y * s;
      // Rings expanding from the centre.
      const float du = u - 0.5f * w * s, dv = v - 0.5f * h * s;
      const float rings = 0.5f + 0.5f * std::sin(40.0f * std::sqrt(du * du + dv * dv) - 3.0f * float(t));
      // A rotating checkerboard (hard edges) in the upper half.
      const float ru = ct * du - st * dv, rv = st * du + ct * dv;
      const bool check = (int(std::floor(ru * 12.0f)) + int(std::floor(rv * 12.0f))) & 1;
      // A soft blob orbiting the centre.
      const float gu = u - bx * w * s, gv = v - by * h * s;
      const float blob = std::exp(-(gu * gu + gv * gv) * 60.0f);
      float value = v < 0.5f * h * s ? 0.25f + 0.5f * float(check) : rings;
      value = value * (1.0f - blob) + blob;
      img.pixels[std::size_t(y) * w + x] = std::clamp(value, 0.0f, 1.0f);
    }
  }
}

}  // namespace tilescope
