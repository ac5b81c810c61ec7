#include "kernels/matmul/reference.hpp"

#include <cstddef>

#include "kernels/common/tolerance.hpp"

namespace tilescope {

void matmul_cpu(const float* M, const float* N, float* P, int rows, int inner, int cols) {
#pragma omp parallel for schedule(static)
  for (int row = 0; row < rows; ++row) {
    // k outside, col inside: both N and P are walked along their rows (unit stride), and each
    // P element still sums its products in k order, as the kernels do.
    float* p = P + std::size_t(row) * cols;
    for (int col = 0; col < cols; ++col) p[col] = 0.0f;
    for (int k = 0; k < inner; ++k) {
      const float m = M[std::size_t(row) * inner + k];
      const float* n = N + std::size_t(k) * cols;
      for (int col = 0; col < cols; ++col) p[col] += m * n[col];
    }
  }
}

double matmul_tolerance(int inner, float max_abs_m, float max_abs_n) {
  return weighted_sum_tolerance(inner, double(inner) * max_abs_m, max_abs_n);
}

}  // namespace tilescope
