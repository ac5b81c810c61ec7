#include "kernels/matmul/steps.hpp"

#include <algorithm>

#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"

namespace tilescope {

BlockTimeline matmul_timeline(const MatmulParams& p, int bx, int by) {
  const MatmulTiling g = tiling_of(p);
  const int T = g.tile_rows;  // naive and tiled: TILE_WIDTH, square
  BlockTimeline tl;
  tl.threads_x = tl.threads_y = T;
  auto inside = [&](int tx, int ty) { return g.row_of(by, ty) < p.rows && g.col_of(bx, tx) < p.cols; };
  // A step in which the threads inside P each do `flops` flops, `shared` shared reads and
  // `global` global loads; with `all`, the threads outside P work too (on zeros, not counted).
  auto work = [&](StepKind kind, std::string what, int flops, int shared, int global, bool all = false) {
    BlockStep& s = tl.add(kind, std::move(what));
    for (int ty = 0; ty < T; ++ty)
      for (int tx = 0; tx < T; ++tx) {
        s.active[std::size_t(ty) * T + tx] = all || inside(tx, ty);
        if (inside(tx, ty)) s.counts.flops += flops, s.counts.shared_reads += shared, s.counts.global_loads += global;
      }
  };
  if (p.strategy == MatmulStrategy::naive) {
    work(StepKind::compute,
         step_text("compute: each thread reads its row of M and column of N, %d + %d global loads", p.inner, p.inner),
         2 * p.inner, 0, 2 * p.inner);
  } else {
    tl.shared_tile(T, 2 * T);
    for (int ph = 0; ph < g.phases(p.inner); ++ph) {
      tl.add(StepKind::load, step_text("phase %d: each thread stores Mds[ty][tx] and Nds[ty][tx] (0 past the "
                                       "matrices)",
                                       ph));
      for (int ty = 0; ty < T; ++ty)
        for (int tx = 0; tx < T; ++tx) {
          const int row = g.row_of(by, ty), col = g.col_of(bx, tx), m_k = g.phase_k(ph, tx), n_k = g.phase_k(ph, ty);
          tl.store(ty * T + tx, ty * T + tx, !(row < p.rows && m_k < p.inner));
          tl.store((T + ty) * T + tx, ty * T + tx, !(n_k < p.inner && col < p.cols));
        }
      tl.add(StepKind::barrier, step_text("phase %d, barrier 1: no thread reads Mds / Nds before every thread has "
                                          "stored its elements",
                                          ph));
      // The k past the inner dimension multiply the zeros stored there: not counted.
      const int ks = std::min(p.inner, g.phase_end(ph)) - g.phase_k(ph, 0);
      work(StepKind::compute, step_text("phase %d: multiply the tiles, %d multiply-adds per thread", ph, ks), 2 * ks,
           2 * ks, 0, true);
      tl.add(StepKind::barrier, step_text("phase %d, barrier 2: no thread stores the next phase's elements before "
                                          "every thread has read these",
                                          ph));
    }
  }
  work(StepKind::store, "store: each thread inside P writes P[row][col]", 0, 0, 0);
  for (int t = 0; t < T * T; ++t) tl.steps.back().counts.stores += tl.steps.back().active[std::size_t(t)];
  return tl;
}

LaunchSteps launch_steps(const MatmulParams& p) {
  const MatmulTiling g = tiling_of(p);
  const MatmulCount c = exact_traffic(p);
  LaunchSteps l;
  l.blocks_x = g.grid_cols(p.cols), l.blocks_y = g.grid_rows(p.rows);
  l.exact.global_loads = c.m_loads + c.n_loads, l.exact.flops = c.flops, l.exact.stores = c.outputs;
  l.exact_has_shared_reads = false;
  return l;
}

}  // namespace tilescope
