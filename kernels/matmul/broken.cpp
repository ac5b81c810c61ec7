#include "kernels/matmul/broken.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

std::optional<std::string> break_problem(MatmulStrategy strategy, Break bug) {
  if (bug == Break::no_halo)
    return "matmul has no halo: each P element reads only its own row of M and column of N, which its block's "
           "tiles hold";
  if (bug == Break::idle_threads_write)
    return "every thread of a matmul block both loads and computes; none only loads";
  if (strategy == MatmulStrategy::tiled) return std::nullopt;
  const std::string s(strategy_info(strategy).name);
  if (strategy == MatmulStrategy::naive)
    return s + " has no shared memory, so no barrier to leave out, no tile to shift and no padding to skip";
  return std::string(break_info(bug).name) + " is built for tiled (PMPP Fig 5.13) only so far, not " + s;
}

void matmul_broken_cpu(const MatmulParams& p, Break bug, const float* M, const float* N, float* P) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const BrokenMatmulLaunch k = broken_launch(p, bug);
  const int T = k.g.tile_rows;  // tiled: TILE_WIDTH, square
  std::vector<float> Mds(std::size_t(T) * T), Nds(Mds.size()), Pvalue(Mds.size());
  for (int by = 0; by < k.g.grid_rows(p.rows); ++by)
    for (int bx = 0; bx < k.g.grid_cols(p.cols); ++bx) {
      std::fill(Pvalue.begin(), Pvalue.end(), 0.0f);
      for (int ph = 0; ph < k.g.phases(p.inner); ++ph) {
        for (int ty = 0; ty < T; ++ty)
          for (int tx = 0; tx < T; ++tx) {
            Mds[std::size_t(ty) * T + tx] = broken_load(k, MatmulTile::M, M, bx, by, ph, tx, ty);
            Nds[std::size_t(ty) * T + tx] = broken_load(k, MatmulTile::N, N, bx, by, ph, tx, ty);
          }
        for (int ty = 0; ty < T; ++ty)
          for (int tx = 0; tx < T; ++tx) {
            float& v = Pvalue[std::size_t(ty) * T + tx];
            v = broken_phase(k, Mds.data(), Nds.data(), bx, by, ph, tx, ty, v);
          }
      }
      for (int ty = 0; ty < T; ++ty)
        for (int tx = 0; tx < T; ++tx) {
          const int row = k.g.row_of(by, ty), col = k.g.col_of(bx, tx);
          if (row < p.rows && col < p.cols) P[std::size_t(row) * p.cols + col] = Pvalue[std::size_t(ty) * T + tx];
        }
    }
}

}  // namespace tilescope
