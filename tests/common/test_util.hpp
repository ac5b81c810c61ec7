#pragma once
// Shared helpers: random inputs and the plain-loop definition of the operation.
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "kernels/common/image.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope::test {

inline Image random_image(int w, int h, unsigned seed, float lo = -1.0f, float hi = 1.0f) {
  Image img(w, h);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(lo, hi);
  for (float& v : img.pixels) v = u(rng);
  return img;
}

// out(x, y) = sum over taps of w(dx, dy) in(x + dx, y + dy), zero outside: the definition of
// scipy.ndimage.correlate(in, w, mode='constant', cval=0), in double precision.
inline std::vector<double> correlate_plain(const Image& in, const Filter2d& f) {
  const int r = f.radius;
  std::vector<double> out(in.pixels.size(), 0.0);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) {
      double sum = 0;
      for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
          const int sx = x + dx, sy = y + dy;
          if (sx >= 0 && sx < in.width && sy >= 0 && sy < in.height)
            sum += double(f.at(dx + r, dy + r)) * in.at(sx, sy);
        }
      out[std::size_t(y) * in.width + x] = sum;
    }
  return out;
}

// Largest |a - b|; NaN anywhere gives infinity, so unwritten (poisoned) outputs fail.
template <typename A, typename B>
double max_abs_diff(const A& a, const B& b) {
  return max_abs_error(a.data(), b.data(), a.size());
}

}  // namespace tilescope::test
