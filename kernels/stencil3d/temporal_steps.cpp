// temporal's step-through: the fused block's launch one time step at a time. The kernel runs its S
// stages together as it marches z (stage s k planes behind stage s-1, one barrier a plane for all of
// them); the step-through shows what that march adds up to: the input tile loaded once, then each
// step's valid region (TemporalTiling::valid_box) computed, then the output tile stored.
#include "kernels/stencil3d/temporal_steps.hpp"

#include <algorithm>

#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {
namespace {

// The cells of b inside [lo, n - lo) along each axis.
StencilBox inside(const StencilBox& b, int lo, const Stencil3dParams& p) {
  return {std::max(b.x0, lo), std::min(b.x1, p.width - lo), std::max(b.y0, lo), std::min(b.y1, p.height - lo),
          std::max(b.z0, lo), std::min(b.z1, p.depth - lo)};
}

}  // namespace

BlockTimeline temporal_timeline(const Stencil3dParams& p, int bx, int by, int bz) {
  const TemporalTiling t = tiling_of(p).temporal_tiling();
  const StencilAxisTiling ax = t.axis(0), ay = t.axis(1), az = t.axis(2);
  const int k = p.order, S = t.fused;
  BlockTimeline tl;
  tl.threads_x = ax.threads(), tl.threads_y = ay.threads();
  // Thread (tx, ty) owns ax.vec cells of ay.vec rows: does any lie in box b (this block's z extent)?
  auto mark = [&](BlockStep& step, const StencilBox& b) {
    for (int ty = 0; ty < tl.threads_y; ++ty)
      for (int tx = 0; tx < tl.threads_x; ++tx) {
        const int x = ax.cell(bx, tx), y = ay.cell(by, ty);
        const bool owns = x < b.x1 && x + ax.vec > b.x0 && y < b.y1 && y + ay.vec > b.y0 && b.z0 < b.z1;
        step.active[std::size_t(ty) * tl.threads_x + tx] = owns;
      }
  };
  const StencilBox in = t.valid_box(bx, by, bz, 0).clipped(p.width, p.height, p.depth);
  BlockStep& load = tl.add(StepKind::load, step_text("load: the input tile, %d x %d columns x %d planes with a halo of "
                                                     "%d rows and planes (one float4 of columns), each cell once: "
                                                     "%lld cells in the grid",
                                                     ax.tile, ay.tile, az.tile, t.halo(), in.cells()));
  load.counts.global_loads += in.cells();
  mark(load, in);
  const StencilBox out = t.out_box(bx, by, bz);
  const long long outputs = inside(out, k, p).cells();  // the output tile's interior cells
  for (int s = 1; s <= S; ++s) {
    const StencilBox valid = inside(t.valid_box(bx, by, bz, s), k, p);
    BlockStep& step = tl.add(
        StepKind::compute,
        step_text(
            "fused step %d of %d: the cells %d inside the input tile (step %d's values are right only there): %lld "
            "updates, %lld of them outside the output tile, which a neighbouring block computes too",
            s, S, s * k, s - 1, valid.cells(), valid.cells() - outputs));
    step.counts.flops += outputs * p.ops_per_output();  // the count's flops: one update an output a step
    mark(step, valid);
  }
  const StencilBox stored = out.clipped(p.width, p.height, p.depth);
  BlockStep& store = tl.add(StepKind::store, step_text("store: the output tile, %d x %d x %d cells, step %d's values "
                                                       "(boundary cells keep their input)",
                                                       ax.out_tile_dim(), ay.out_tile_dim(), az.out_tile_dim(), S));
  store.counts.stores += stored.cells();
  mark(store, stored);
  return tl;
}

}  // namespace tilescope
