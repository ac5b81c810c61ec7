#include "kernels/conv2d/reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "kernels/common/tolerance.hpp"

namespace tilescope {

void conv2d_cpu(const Filter2d& f, const float* in, float* out, int width, int height) {
  const int r = f.radius, n = f.dim();
#pragma omp parallel for schedule(static)
  for (int y = 0; y < height; ++y) {
    // Taps outside the image are ghost cells (zero): clip the filter window instead.
    const int fy0 = std::max(0, r - y), fy1 = std::min(n, height - y + r);
    for (int x = 0; x < width; ++x) {
      const int fx0 = std::max(0, r - x), fx1 = std::min(n, width - x + r);
      float sum = 0.0f;
      for (int fy = fy0; fy < fy1; ++fy) {
        const float* row = in + std::size_t(y - r + fy) * width + (x - r);
        const float* w = f.weights.data() + fy * n;
        for (int fx = fx0; fx < fx1; ++fx) sum += w[fx] * row[fx];
      }
      out[std::size_t(y) * width + x] = sum;
    }
  }
}

double conv2d_tolerance(const Filter2d& f, float max_abs_input) {
  double sum_abs = 0;
  for (float w : f.weights) sum_abs += std::fabs(w);
  return weighted_sum_tolerance(int(f.weights.size()), sum_abs, max_abs_input);
}

}  // namespace tilescope
