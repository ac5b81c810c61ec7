#include "kernels/matmul/phases.hpp"

#include <cstddef>

#include "kernels/matmul/geometry.hpp"

namespace tilescope {

float staged_m(const MatmulParams& p, const float* M, int row, int ph, int k) {
  const int m_k = tiling_of(p).phase_k(ph, k);
  return in_range(row, p.rows) && in_range(m_k, p.inner) ? M[std::size_t(row) * p.inner + m_k] : 0.0f;
}

float staged_n(const MatmulParams& p, const float* N, int ph, int k, int col) {
  const int n_k = tiling_of(p).phase_k(ph, k);
  return in_range(n_k, p.inner) && in_range(col, p.cols) ? N[std::size_t(n_k) * p.cols + col] : 0.0f;
}

float tiled_pvalue(const MatmulParams& p, const float* M, const float* N, int row, int col, int phases_done,
                   bool without_second_barrier) {
  const MatmulTiling g = tiling_of(p);
  const int phases = g.phases(p.inner), tx = col - g.col_of(g.block_col(col), 0),
            ty = row - g.row_of(g.block_row(row), 0);
  // The phase whose element another thread's slot holds when this thread reads it in phase ph.
  auto seen = [&](int ph) { return without_second_barrier && ph + 1 < phases ? ph + 1 : ph; };
  float Pvalue = 0.0f;
  for (int ph = 0; ph < phases_done && ph < phases; ++ph)
    for (int k = 0; k < g.depth; ++k)
      Pvalue += staged_m(p, M, row, k == tx ? ph : seen(ph), k) * staged_n(p, N, k == ty ? ph : seen(ph), k, col);
  return Pvalue;
}

std::vector<float> tiled_product(const MatmulParams& p, const float* M, const float* N, bool without_second_barrier) {
  std::vector<float> P(std::size_t(p.rows) * p.cols);
  const int phases = tiling_of(p).phases(p.inner);
  for (int row = 0; row < p.rows; ++row)
    for (int col = 0; col < p.cols; ++col)
      P[std::size_t(row) * p.cols + col] = tiled_pvalue(p, M, N, row, col, phases, without_second_barrier);
  return P;
}

}  // namespace tilescope
