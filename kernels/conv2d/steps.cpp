#include "kernels/conv2d/steps.hpp"

#include <algorithm>

#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
namespace {

// The load phase: tiled_out's threads fill the S x S tile in passes, thread tid taking cells
// tid, tid + T^2, ... (its kernel's loop); the others fill one slot each, thread (tx, ty) slot
// (tx, ty). A ghost slot gets a zero and costs no load.
void add_loads(BlockTimeline& tl, const Conv2dParams& p, const Conv2dTiling& gx, const Conv2dTiling& gy, int bx,
               int by) {
  const int threads = tl.threads_x * tl.threads_y, slots = tl.slots_x * tl.slots_y;
  const int passes = (slots + threads - 1) / threads;
  for (int pass = 0; pass < passes; ++pass) {
    const int first = pass * threads, last = std::min(slots, first + threads) - 1;
    tl.add(StepKind::load, passes == 1 ? step_text("load: every thread stores one cell of the %d x %d "
                                                   "shared tile (ghost cells: 0)",
                                                   tl.slots_x, tl.slots_y)
                                       : step_text("load, pass %d: threads store cells %d..%d of the "
                                                   "shared tile (ghost cells: 0)",
                                                   pass + 1, first, last));
    for (int tid = 0; tid < threads && first + tid < slots; ++tid) {
      const int i = first + tid, sx = i % tl.slots_x, sy = i / tl.slots_x;
      tl.store(i, tid, !in_range(gx.shared_origin(bx) + sx, p.width) || !in_range(gy.shared_origin(by) + sy, p.height));
    }
  }
  tl.add(StepKind::barrier, "__syncthreads(): no thread reads the tile until every thread has stored its cells");
}

}  // namespace

BlockTimeline conv2d_timeline(const Conv2dParams& p, int bx, int by) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int r = p.filter_radius, d = p.filter_dim();
  BlockTimeline tl;
  tl.threads_x = gx.block_dim(), tl.threads_y = gy.block_dim();
  const bool shared = gx.shared_dim() > 0;  // basic and const_mem stage nothing
  if (shared) {
    tl.shared_tile(gx.shared_dim(), gy.shared_dim());
    add_loads(tl, p, gx, gy, bx, by);
  }
  // A thread computes when the geometry says so on both axes (tiled_in's ring does not) and
  // its output lies inside the image (the kernel's early return).
  auto computes = [&](int tx, int ty) {
    return gx.computes(tx) && gy.computes(ty) && in_range(gx.out_coord(bx, tx), p.width) &&
           in_range(gy.out_coord(by, ty), p.height);
  };
  const bool filter_loads = !strategy_info(p.strategy).filter_in_constant_memory;
  const char* source = p.strategy == Conv2dStrategy::cached_halo ? "inside the tile from shared memory, halo "
                                                                   "taps from global (L2), ghost taps skipped"
                       : shared                                  ? "from the shared tile (ghost cells read as 0)"
                       : filter_loads                            ? "each a global load of N and of the filter weight"
                                      : "each a global load of N, weights from constant memory";
  for (int fy = 0; fy < d; ++fy) {
    BlockStep& s = tl.add(StepKind::compute,
                          step_text("compute, filter row %d of %d: %d taps per thread, ", fy + 1, d, d) + source);
    for (int ty = 0; ty < tl.threads_y; ++ty)
      for (int tx = 0; tx < tl.threads_x; ++tx) {
        if (!computes(tx, ty)) continue;
        s.active[std::size_t(ty) * tl.threads_x + tx] = 1;
        const int x0 = gx.out_coord(bx, tx), y = gy.out_coord(by, ty) - r + fy;
        for (int x = x0 - r; x <= x0 + r; ++x)
          s.counts.tap(tap_source(gx, gy, p.width, p.height, bx, by, x, y), filter_loads);
      }
  }
  BlockStep& store = tl.add(StepKind::store, "store: each computing thread writes its output P[row][col]");
  for (int ty = 0; ty < tl.threads_y; ++ty)
    for (int tx = 0; tx < tl.threads_x; ++tx)
      if (computes(tx, ty)) store.active[std::size_t(ty) * tl.threads_x + tx] = 1, ++store.counts.stores;
  return tl;
}

LaunchSteps launch_steps(const Conv2dParams& p) {
  LaunchSteps l;
  l.blocks_x = tiling_of(p, 0).grid_dim(p.width), l.blocks_y = tiling_of(p, 1).grid_dim(p.height);
  l.exact = step_counts(exact_traffic(p));
  return l;
}

}  // namespace tilescope
