#include "app/stencil3d/step_overlay.hpp"

#include "app/stencil3d/temporal_overlay.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {

StencilBlock stencil_step_block(const Stencil3dParams& p, Pixel focus, int slice) {
  const Stencil3dTiling g = tiling_of(p);
  const int bx = g.axis(0).block_of(focus.x);
  return {bx, g.axis(1, bx).block_of(focus.y), g.axis(2).block_of(slice)};
}

ScreenBox draw_stencil_step(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, const BlockTimeline& tl,
                            int step, Pixel focus, int slice, float line) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilBlock b = stencil_step_block(p, focus, slice);
  if (g.temporal())  // its steps are regions of the fused block: load, step 1..S, store
    return draw_temporal_block(dl, xf, p, b.bx, b.by, slice, line, step);
  const StencilAxisTiling a = g.axis(0);  // the book's strategies tile all three axes alike
  const bool marching = g.marches_z();
  const int ny = g.block_dim(1), T = a.tile;
  auto cell = [&](int x, int y) { return screen_box(xf, {x, y, x + 1, y + 1}); };
  BlockStepCells cells;
  cells.thread = [&](int tx, int tyz) {
    const int ty = tyz % ny, tz = tyz / ny;
    if (!marching && a.cell(b.bz, tz) != slice) return ScreenBox{};
    return cell(a.cell(b.bx, tx), a.cell(b.by, ty));
  };
  cells.slot = [&](int sx, int sy, const SlotFill& f) {
    // A cube's slot plane is a z of the tile; a marching ring plane holds the plane it was last
    // stored with.
    const int z = marching ? tl.steps[std::size_t(f.step)].z : a.cell(b.bz, sy / T);
    if (z != slice) return ScreenBox{};
    return cell(a.cell(b.bx, sx), a.cell(b.by, sy % T));
  };
  cells.load_only = [&](int tx, int tyz) {
    return !a.computes(tx) || !a.computes(tyz % ny) || (!marching && !a.computes(tyz / ny));
  };
  const CellRect in{a.in_origin(b.bx), a.in_origin(b.by), a.in_origin(b.bx) + a.in_tile_dim(),
                    a.in_origin(b.by) + a.in_tile_dim()};
  const CellRect out{a.out_origin(b.bx), a.out_origin(b.by), a.out_origin(b.bx) + a.out_tile_dim(),
                     a.out_origin(b.by) + a.out_tile_dim()};
  cells.block = screen_box(xf, in);
  const ScreenBox drawn = draw_block_step(dl, tl, step, cells, line);  // cells.block is the input tile
  outline(dl, xf, in, palette::kHalo.rgba, 2 * line);
  outline(dl, xf, intersect(out, {0, 0, p.width, p.height}), palette::kOutputTile.rgba, 2.5f * line);
  return drawn;
}

}  // namespace tilescope
