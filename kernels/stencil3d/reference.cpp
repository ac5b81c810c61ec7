#include "kernels/stencil3d/reference.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {

void stencil3d_cpu(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth) {
  const int k = c.order;
  const std::ptrdiff_t sy = width, sz = std::ptrdiff_t(width) * height;
#pragma omp parallel for collapse(2) schedule(static)
  for (int z = 0; z < depth; ++z)
    for (int y = 0; y < height; ++y) {
      const std::ptrdiff_t row = z * sz + y * sy;
      const bool inner_row = stencil_interior(z, depth, k) && stencil_interior(y, height, k);
      for (int x = 0; x < width; ++x) {
        const std::ptrdiff_t i = row + x;
        if (!inner_row || !stencil_interior(x, width, k)) {
          out[i] = in[i];
          continue;
        }
        float sum = c.centre * in[i];
        for (int o = 1; o <= k; ++o)
          sum += c.weight(0, -o) * in[i - o] + c.weight(0, o) * in[i + o] + c.weight(1, -o) * in[i - o * sy] +
                 c.weight(1, o) * in[i + o * sy] + c.weight(2, -o) * in[i - o * sz] + c.weight(2, o) * in[i + o * sz];
        out[i] = sum;
      }
    }
}

void stencil3d_cpu_steps(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth,
                         int steps) {
  const std::size_t n = std::size_t(width) * height * depth;
  if (steps < 1) {
    std::copy(in, in + n, out);
    return;
  }
  std::vector<float> scratch(steps > 1 ? n : 0);
  const float* from = in;
  for (int s = 0; s < steps; ++s) {  // the last sweep writes out
    float* to = (steps - 1 - s) % 2 == 0 ? out : scratch.data();
    stencil3d_cpu(c, from, to, width, height, depth);
    from = to;
  }
}

}  // namespace tilescope
