#include "kernels/conv1d/reference.hpp"

#include <algorithm>
#include <cmath>

#include "kernels/common/tolerance.hpp"

namespace tilescope {

void conv1d_cpu(const Filter1d& f, const float* in, float* out, int length) {
  const int r = f.radius, n = f.dim();
#pragma omp parallel for schedule(static)
  for (int i = 0; i < length; ++i) {
    // Taps outside the signal are ghost cells (zero): clip the filter window instead.
    const int j0 = std::max(0, r - i), j1 = std::min(n, length - i + r);
    float sum = 0.0f;
    for (int j = j0; j < j1; ++j) sum += f.weights[j] * in[i - r + j];
    out[i] = sum;
  }
}

double conv1d_tolerance(const Filter1d& f, float max_abs_input) {
  double sum_abs = 0;
  for (float w : f.weights) sum_abs += std::fabs(w);
  return weighted_sum_tolerance(int(f.weights.size()), sum_abs, max_abs_input);
}

}  // namespace tilescope
