#include "kernels/conv1d/steps.hpp"

#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

BlockTimeline conv1d_timeline(const Conv1dParams& p, int b) {
  const Conv1dTiling g = tiling_of(p);
  BlockTimeline tl;
  tl.threads_x = g.threads();
  auto store = [&](int t, int slot) {
    if (slot >= 0) tl.store(slot, t, !in_range(g.shared_coord(b, slot), p.length));
  };
  if (g.uses_shared()) {
    tl.shared_tile(g.shared_dim(), 1);
    const bool tiled = p.strategy == Conv1dStrategy::tiled;
    if (tiled) {
      tl.add(StepKind::load, "load the left halo: the last n threads store the previous tile's last n elements");
      for (int t = 0; t < tl.threads_x; ++t) store(t, g.left_halo_slot(t));
    }
    tl.add(StepKind::load, "load the tile: every thread stores its own element (ghost cells: 0)");
    for (int t = 0; t < tl.threads_x; ++t) store(t, g.own_slot(t));
    if (tiled) {
      tl.add(StepKind::load, "load the right halo: the first n threads store the next tile's first n elements");
      for (int t = 0; t < tl.threads_x; ++t) store(t, g.right_halo_slot(t));
    }
    tl.add(StepKind::barrier, "__syncthreads(): no thread reads N_s until every thread has stored its elements");
  }
  // A thread whose output lies past the signal returns before computing.
  auto computes = [&](int t) { return g.out_coord(b, t) < p.length; };
  const bool filter_loads = !strategy_info(p.strategy).filter_in_constant_memory;
  BlockStep& compute =
      tl.add(StepKind::compute, p.strategy == Conv1dStrategy::tiled ? "compute: 2n+1 taps per thread, all from N_s"
                                : p.strategy == Conv1dStrategy::cached_halo
                                    ? "compute: taps in the tile from N_s, halo taps from global (L2), "
                                      "ghost taps skipped"
                                    : "compute: 2n+1 taps per thread, each a global load");
  for (int t = 0; t < tl.threads_x; ++t) {
    if (!computes(t)) continue;
    compute.active[std::size_t(t)] = 1;
    const int i = g.out_coord(b, t);
    for (int k = i - p.filter_radius; k <= i + p.filter_radius; ++k)
      compute.counts.tap(tap_source(g, p.length, b, k), filter_loads);
  }
  BlockStep& store_step = tl.add(StepKind::store, "store: each thread inside the signal writes P[i]");
  for (int t = 0; t < tl.threads_x; ++t)
    if (computes(t)) store_step.active[std::size_t(t)] = 1, ++store_step.counts.stores;
  return tl;
}

LaunchSteps launch_steps(const Conv1dParams& p) {
  LaunchSteps l;
  l.blocks_x = tiling_of(p).grid_dim(p.length);
  l.exact = step_counts(exact_traffic(p));
  return l;
}

}  // namespace tilescope
