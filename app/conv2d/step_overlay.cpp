#include "app/conv2d/step_overlay.hpp"

#include "app/conv2d/figures.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "app/view/step_draw.hpp"

namespace tilescope {

ScreenBox draw_step(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, const BlockTimeline& tl, int step,
                    Pixel focus, const OverlayStyle& st) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int bx = gx.block_of(focus.x), by = gy.block_of(focus.y);
  const Conv2dBlockRects rects = conv2d_block_rects(p, bx, by);
  BlockStepCells cells;
  cells.thread = [&](int tx, int ty) {
    const int x = gx.out_coord(bx, tx), y = gy.out_coord(by, ty);
    return screen_box(xf, {x, y, x + 1, y + 1});
  };
  cells.slot = [&](int sx, int sy, const SlotFill&) {
    const int x = gx.shared_origin(bx) + sx, y = gy.shared_origin(by) + sy;
    return screen_box(xf, {x, y, x + 1, y + 1});
  };
  cells.load_only = [&](int tx, int ty) { return !gx.computes(tx) || !gy.computes(ty); };
  cells.block = screen_box(xf, tl.slots_x > 0 ? rects.staged : rects.out);
  const ScreenBox drawn = united(draw_block_step(dl, tl, step, cells, st.line), screen_box(xf, rects.in));
  outline(dl, xf, rects.in, palette::kHalo.rgba, 2 * st.line);
  outline(dl, xf, rects.out, palette::kOutputTile.rgba, 2.5f * st.line);
  const BlockStep& now = tl.steps[std::size_t(step)];
  if (now.kind != StepKind::compute) return drawn;
  // The filter row this step applies, for the focused output's thread: its 2r+1 taps.
  const int first_compute = tl.barrier + 1, r = p.filter_radius, y = focus.y - r + (step - first_compute);
  const CellRect row{focus.x - r, y, focus.x + r + 1, y + 1};
  outline(dl, xf, row, palette::rgba(20, 20, 20), 3.5f * st.line);
  outline(dl, xf, row, palette::kFilterRow.rgba, 2 * st.line);
  outline(dl, xf, {focus.x, focus.y, focus.x + 1, focus.y + 1}, palette::kHovered.rgba, 2 * st.line);
  return drawn;
}

}  // namespace tilescope
