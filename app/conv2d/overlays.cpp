#include "app/conv2d/overlays.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "app/conv2d/figures.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/conv2d/geometry.hpp"

namespace tilescope {
namespace {

void dashed_outline(ImDrawList* dl, const ViewTransform& xf, const CellRect& cells, ImU32 colour, float width) {
  const ImVec2 a = screen(xf, cells.x0, cells.y0), b = screen(xf, cells.x1, cells.y1);
  const float dash = 8.0f;
  auto dashed = [&](ImVec2 u, ImVec2 v) {
    const float len = std::hypot(v.x - u.x, v.y - u.y);
    for (float t = 0; t < len; t += 2 * dash) {
      const float t1 = std::min(len, t + dash);
      dl->AddLine({u.x + (v.x - u.x) * t / len, u.y + (v.y - u.y) * t / len},
                  {u.x + (v.x - u.x) * t1 / len, u.y + (v.y - u.y) * t1 / len}, colour, width);
    }
  };
  dashed(a, {b.x, a.y}), dashed({b.x, a.y}, b), dashed(b, {a.x, b.y}), dashed({a.x, b.y}, a);
}

// sliding: an arrow down (or up) the hovered lane's strip, the order its rows are read in.
void draw_march(ImDrawList* dl, const ViewTransform& xf, const CellRect& strip, bool up, const OverlayStyle& st) {
  const float cx = (screen(xf, strip.x0, 0).x + screen(xf, strip.x1, 0).x) / 2;
  float y0 = screen(xf, 0, strip.y0).y, y1 = screen(xf, 0, strip.y1).y;
  if (y1 - y0 < 24.0f) return;
  if (up) std::swap(y0, y1);
  const float dir = up ? -1.0f : 1.0f, head = std::min(14.0f, std::fabs(y1 - y0) / 4);
  for (const auto& [colour, width] :
       {std::pair{palette::rgba(20, 20, 20), 4.5f}, std::pair{palette::kLaneStrip.rgba, 2.5f}}) {
    dl->AddLine({cx, y0}, {cx, y1}, colour, width * st.line);
    dl->AddTriangleFilled({cx, y1 + dir * 2}, {cx - head * 0.6f, y1 - dir * head}, {cx + head * 0.6f, y1 - dir * head},
                          colour);
  }
}

}  // namespace

std::uint32_t sliding_tap_colour(const Conv2dParams& p, const Conv2dTiling& gx, int out_x, int tap_x, TapSource s) {
  if (p.strategy != Conv2dStrategy::sliding || s != TapSource::shared) return palette::tap_colour(s);
  const int lane_x = gx.out_coord(gx.block_of(out_x), gx.thread_of(out_x));
  return in_range(tap_x - lane_x, kSlidingColumns) ? palette::kTapRegisters.rgba : palette::kTapShuffle.rgba;
}

void draw_tile_grid(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, const OverlayStyle& st) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const float spacing = std::min(gx.out_tile_dim(), gy.out_tile_dim()) * xf.zoom();
  if (spacing < 4.0f) return;  // denser than this is noise, not information
  // Dense grids recede so the image stays readable; wide ones get the full line.
  const int alpha = spacing < 40.0f ? 90 : 160;
  const ImU32 c = (palette::kTileGrid.rgba & 0x00FFFFFFu) | ImU32(alpha) << 24,
              shadow = palette::rgba(0, 0, 0, alpha * 2 / 3);
  const Rect& vp = xf.viewport();
  const float top = std::max(screen(xf, 0, 0).y, vp.y), bottom = std::min(screen(xf, 0, p.height).y, vp.y + vp.h);
  const float left = std::max(screen(xf, 0, 0).x, vp.x), right = std::min(screen(xf, p.width, 0).x, vp.x + vp.w);
  for (int b = 0; b <= gx.grid_dim(p.width); ++b) {
    const float x = screen(xf, std::min(gx.out_origin(b), p.width), 0).x;
    if (x < vp.x || x > vp.x + vp.w) continue;
    dl->AddLine({x + 1, top}, {x + 1, bottom}, shadow, st.line);
    dl->AddLine({x, top}, {x, bottom}, c, st.line);
  }
  for (int b = 0; b <= gy.grid_dim(p.height); ++b) {
    const float y = screen(xf, 0, std::min(gy.out_origin(b), p.height)).y;
    if (y < vp.y || y > vp.y + vp.h) continue;
    dl->AddLine({left, y + 1}, {right, y + 1}, shadow, st.line);
    dl->AddLine({left, y}, {right, y}, c, st.line);
  }
}

ScreenBox draw_block(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, int bx, int by,
                     const OverlayStyle& st) {
  const Conv2dBlockRects rects = conv2d_block_rects(p, bx, by);
  const CellRect image{0, 0, p.width, p.height}, in = rects.in, out = rects.out;
  // Halo: the input tile minus the output tile (four strips), inside the image.
  const CellRect halo_parts[] = {{in.x0, in.y0, in.x1, out.y0},
                                 {in.x0, out.y1, in.x1, in.y1},
                                 {in.x0, out.y0, out.x0, out.y1},
                                 {out.x1, out.y0, in.x1, out.y1}};
  for (const CellRect& part : halo_parts) fill(dl, xf, intersect(part, image), with_alpha(palette::kHalo.rgba, 110));
  fill(dl, xf, out, with_alpha(palette::kOutputTile.rgba, 60));
  for_each_outside(in, p.width, p.height, [&](CellRect part) {
    fill(dl, xf, part, with_alpha(palette::kGhost.rgba, 70));
    hatch(dl, xf, part, with_alpha(palette::kGhost.rgba, 230), st.line);
  });
  outline(dl, xf, in, palette::kHalo.rgba, 2 * st.line);
  outline(dl, xf, out, palette::kOutputTile.rgba, 2.5f * st.line);
  if (rects.has_load_only_ring) {
    // Block = input tile (tiled_in): the ring of threads around the computing ones only loads.
    // Drawn as a dashed band along the block's edge and its inner edge.
    dashed_outline(dl, xf, in, palette::kLoadOnly.rgba, 2 * st.line);
    dashed_outline(dl, xf, rects.load_only_inner, palette::kLoadOnly.rgba, 2 * st.line);
  }
  // fast stages more than the input tile when r is not a multiple of 4 (16-byte aligned rows);
  // sliding's edge lanes load a whole float4 on either side of the warp.
  if (rects.stages_more) dashed_outline(dl, xf, rects.staged, palette::kStagedTile.rgba, 1.5f * st.line);
  // separable: the row pass fills the intermediate, the output tile's columns from r rows above
  // to r rows below it; the column pass reads only that.
  if (rects.has_row_pass) dashed_outline(dl, xf, rects.row_pass, palette::kRowPass.rgba, 2 * st.line);
  return united(screen_box(xf, in), screen_box(xf, rects.stages_more ? rects.staged : CellRect{}));
}

void draw_thread_patch(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, Pixel px,
                       const OverlayStyle& st) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  if (gx.outputs_per_thread() == 1 && gy.outputs_per_thread() == 1) return;
  const Conv2dFocus f = conv2d_focus(p, px.x, px.y);
  const CellRect patch = intersect(f.patch, {0, 0, p.width, p.height});
  outline(dl, xf, patch, palette::rgba(20, 20, 20), 3.5f * st.line);
  const std::uint32_t colour =
      (p.strategy == Conv2dStrategy::sliding ? palette::kLaneStrip : palette::kThreadPatch).rgba;
  outline(dl, xf, patch, colour, 2 * st.line);
  dashed_outline(dl, xf, f.window, colour, 1.5f * st.line);
  if (p.strategy == Conv2dStrategy::sliding) draw_march(dl, xf, patch, f.marches_up, st);
}

void draw_receptive_field(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, Pixel px,
                          const OverlayStyle& st) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int bx = gx.block_of(px.x), by = gy.block_of(px.y), r = p.filter_radius;
  for (int dy = -r; dy <= r; ++dy)
    for (int dx = -r; dx <= r; ++dx) {
      const int x = px.x + dx, y = px.y + dy;
      const TapSource s = tap_source(gx, gy, p.width, p.height, bx, by, x, y);
      const CellRect cell{x, y, x + 1, y + 1};
      fill(dl, xf, cell, with_alpha(sliding_tap_colour(p, gx, px.x, x, s), 150));
      if (s == TapSource::ghost_shared || s == TapSource::ghost_skipped)
        hatch(dl, xf, cell, with_alpha(palette::rgba(30, 30, 30), 200), st.line);
      if (xf.zoom() >= 8) outline(dl, xf, cell, palette::rgba(0, 0, 0, 120), 1.0f);  // one cell per tap
    }
  outline(dl, xf, {px.x - r, px.y - r, px.x + r + 1, px.y + r + 1}, palette::rgba(20, 20, 20), 3 * st.line);
  outline(dl, xf, {px.x - r, px.y - r, px.x + r + 1, px.y + r + 1}, palette::kHovered.rgba, st.line);
  if (gx.separable()) {  // the column pass sums 2r+1 intermediate values, each a row pass over 2r+1 inputs
    const CellRect column{px.x, px.y - r, px.x + 1, px.y + r + 1};
    outline(dl, xf, column, palette::rgba(20, 20, 20), 4 * st.line);
    outline(dl, xf, column, palette::kRowPass.rgba, 2 * st.line);
  }
  outline(dl, xf, {px.x, px.y, px.x + 1, px.y + 1}, palette::kHovered.rgba, 2 * st.line);
}

void draw_thread_ids(ImDrawList* dl, const ViewTransform& xf, const Conv2dParams& p, int bx, int by) {
  const Conv2dTiling g = tiling_of(p, 0), gy = tiling_of(p, 1);
  // A thread's cell: its output pixel (fast: its k x k output patch), or for tiled_in's block =
  // input tile, the cell it loads. sliding's lanes are labelled along the strip's first row.
  const int k = g.outputs_per_thread();
  const float span = xf.zoom() * k;
  // "31,31" is about 2.6 em wide: scale the type to the cell, down to a legible minimum.
  const float size = std::min(ImGui::GetFontSize(), span / 2.8f);
  if (size < 9.0f) return;
  auto cell = [&](int b, int t) {
    return p.strategy == Conv2dStrategy::tiled_in ? g.shared_origin(b) + t : g.out_coord(b, t);
  };
  const Rect& vp = xf.viewport();
  ImFont* font = ImGui::GetFont();
  char text[24];
  for (int ty = 0; ty < gy.block_dim(); ++ty)
    for (int tx = 0; tx < g.block_dim(); ++tx) {
      const ImVec2 a =
          screen(xf, cell(bx, tx), p.strategy == Conv2dStrategy::sliding ? gy.out_origin(by) : cell(by, ty));
      if (a.x < vp.x - span || a.y < vp.y - span || a.x > vp.x + vp.w || a.y > vp.y + vp.h) continue;
      if (k > 1) dl->AddRect(a, {a.x + span, a.y + span}, palette::rgba(255, 255, 255, 90), 0.0f, 0, 1.0f);
      if (p.strategy == Conv2dStrategy::sliding)
        std::snprintf(text, sizeof text, "%d", tx);  // lane
      else
        std::snprintf(text, sizeof text, "%d,%d", tx, ty);
      const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
      const ImVec2 at{a.x + (span - extent.x) / 2, a.y + (span - extent.y) / 2};
      dl->AddText(font, size, {at.x + 1, at.y + 1}, palette::rgba(0, 0, 0, 220), text);
      dl->AddText(font, size, at,
                  g.computes(tx) && gy.computes(ty) ? palette::rgba(255, 255, 255) : palette::kLoadOnly.rgba, text);
    }
}

}  // namespace tilescope
