#include "kernels/conv2d/reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "kernels/common/cpu_pool.hpp"
#include "kernels/common/tolerance.hpp"

namespace tilescope {

void conv2d_cpu(const Filter2d& f, const float* in, float* out, int width, int height) {
  conv2d_cpu_rows(f, in, out, width, height, 0, height);
}

// Each output sums its taps in the plain order (filter row by row, left to right, from 0.0f), as
// the definition reads; the loops run a whole image row per tap so that the compiler vectorises
// them. A row is read through a copy padded with r ghost cells (zero) a side: a ghost tap adds
// w x 0 = +-0, which leaves a sum that starts at +0 unchanged (round to nearest never makes it -0),
// so every output is the definition's bit for bit.
void conv2d_cpu_rows(const Filter2d& f, const float* in, float* out, int width, int height, int y0, int y1) {
  const int r = f.radius, n = f.dim();
  // A row a chunk on the CPU pool (kernels/common/cpu_pool.hpp: a check in bands is many short jobs,
  // which an OpenMP team would end at a barrier each); a padded row per thread.
  std::vector<std::vector<float>> padded(std::size_t(cpu_threads()), std::vector<float>(std::size_t(width) + 2 * r));
  parallel_chunks(y1 - y0, [&](int chunk, int worker) {
    const int y = y0 + chunk;
    float* sum = out + std::size_t(y) * width;
    std::fill(sum, sum + width, 0.0f);
    // Filter rows that fall outside the image read ghost cells only: skipped, as the definition does.
    const int fy0 = std::max(0, r - y), fy1 = std::min(n, height - y + r);
    float* row = padded[std::size_t(worker)].data();
    for (int fy = fy0; fy < fy1; ++fy) {
      std::copy_n(in + std::size_t(y - r + fy) * width, width, row + r);
      for (int fx = 0; fx < n; ++fx) {
        const float w = f.weights[std::size_t(fy) * n + fx];
        const float* tap = row + fx;  // tap[x] = in(x - r + fx, y - r + fy)
        for (int x = 0; x < width; ++x) sum[x] += w * tap[x];
      }
    }
  });
}

double conv2d_tolerance(const Filter2d& f, float max_abs_input) {
  double sum_abs = 0;
  for (float w : f.weights) sum_abs += std::fabs(w);
  return weighted_sum_tolerance(int(f.weights.size()), sum_abs, max_abs_input);
}

}  // namespace tilescope
