#include "kernels/conv2d/reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "kernels/common/tolerance.hpp"

namespace tilescope {

// Each output sums its taps in the plain order (filter row by row, left to right, from 0.0f), as
// the definition reads; the loops run a whole image row per tap so that the compiler vectorises
// them. A row is read through a copy padded with r ghost cells (zero) a side: a ghost tap adds
// w x 0 = +-0, which leaves a sum that starts at +0 unchanged (round to nearest never makes it -0),
// so every output is the definition's bit for bit.
void conv2d_cpu(const Filter2d& f, const float* in, float* out, int width, int height) {
  const int r = f.radius, n = f.dim();
#pragma omp parallel
  {
    std::vector<float> padded(std::size_t(width) + 2 * r, 0.0f);
#pragma omp for schedule(static)
    for (int y = 0; y < height; ++y) {
      float* sum = out + std::size_t(y) * width;
      std::fill(sum, sum + width, 0.0f);
      // Filter rows that fall outside the image read ghost cells only: skipped, as the definition does.
      const int fy0 = std::max(0, r - y), fy1 = std::min(n, height - y + r);
      for (int fy = fy0; fy < fy1; ++fy) {
        std::copy_n(in + std::size_t(y - r + fy) * width, width, padded.begin() + r);
        for (int fx = 0; fx < n; ++fx) {
          const float w = f.weights[std::size_t(fy) * n + fx];
          const float* tap = padded.data() + fx;  // tap[x] = in(x - r + fx, y - r + fy)
          for (int x = 0; x < width; ++x) sum[x] += w * tap[x];
        }
      }
    }
  }
}

double conv2d_tolerance(const Filter2d& f, float max_abs_input) {
  double sum_abs = 0;
  for (float w : f.weights) sum_abs += std::fabs(w);
  return weighted_sum_tolerance(int(f.weights.size()), sum_abs, max_abs_input);
}

}  // namespace tilescope
