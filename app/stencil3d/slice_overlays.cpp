#include "app/stencil3d/slice_overlays.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/stencil3d/temporal_overlay.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {
namespace {

ImU32 tap_colour(StencilTapSource s) {
  switch (s) {
    case StencilTapSource::shared: return palette::kTapShared.rgba;
    case StencilTapSource::global: return palette::kTapGlobal.rgba;
    case StencilTapSource::registers: return palette::kTapRegisters.rgba;
    case StencilTapSource::shuffle: return palette::kTapShuffle.rgba;
  }
  return 0;
}

// The blocks' edges; fast's last column folds its blocks deeper (fast_row_lanes), so each column
// draws its own row edges.
void draw_tile_grid(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, float line) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling ax = g.axis(0);
  if (std::min(ax.out_tile_dim(), g.axis(1).out_tile_dim()) * xf.zoom() < 4.0f) return;  // denser is noise
  const ImU32 c = palette::kTileGrid.rgba, shadow = palette::rgba(0, 0, 0, 100);
  const ImVec2 lo = screen(xf, 0, 0), hi = screen(xf, p.width, p.height);
  for (int b = 0; b <= ax.grid_dim(p.width); ++b) {
    const float x = screen(xf, std::min(ax.out_origin(b), p.width), 0).x;
    dl->AddLine({x + 1, lo.y}, {x + 1, hi.y}, shadow, line);
    dl->AddLine({x, lo.y}, {x, hi.y}, c, line);
  }
  for (int bx = 0; bx < ax.grid_dim(p.width); ++bx) {
    const StencilAxisTiling ay = g.axis(1, bx);
    const float x0 = screen(xf, ax.out_origin(bx), 0).x,
                x1 = screen(xf, std::min(ax.out_origin(bx) + ax.out_tile_dim(), p.width), 0).x;
    for (int b = 0; b <= ay.grid_dim(p.height); ++b) {
      const float y = screen(xf, 0, std::min(ay.out_origin(b), p.height)).y;
      dl->AddLine({x0, y + 1}, {x1, y + 1}, shadow, line);
      dl->AddLine({x0, y}, {x1, y}, c, line);
    }
  }
}

// Cells within k of the domain's edge keep their value: the whole slice if z is near an end.
void draw_boundary(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, int z, float line) {
  const int k = p.order;
  const ImU32 fill_c = with_alpha(palette::kBoundary.rgba, 70), hatch_c = with_alpha(palette::kBoundary.rgba, 160);
  const CellRect grid{0, 0, p.width, p.height};
  if (!stencil_interior(z, p.depth, k)) {
    fill(dl, xf, grid, fill_c);
    return;
  }
  const CellRect bands[] = {{0, 0, p.width, k},
                            {0, p.height - k, p.width, p.height},
                            {0, k, k, p.height - k},
                            {p.width - k, k, p.width, p.height - k}};
  for (const CellRect& b : bands) {
    fill(dl, xf, intersect(b, grid), fill_c);
    if (k * xf.zoom() >= 6) hatch(dl, xf, intersect(b, grid), hatch_c, line * 0.7f);
  }
}

// Fast: the block stages no halo; the k rows above and below its tile and the k cells beside each
// row are read from global memory (L1/L2 hits): a star-shaped ring, no corners.
void draw_cached_halo(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, const CellRect& out,
                      float line) {
  const int k = p.order;
  const CellRect grid{0, 0, p.width, p.height};
  const CellRect ring[] = {{out.x0, out.y0 - k, out.x1, out.y0},
                           {out.x0, out.y1, out.x1, out.y1 + k},
                           {out.x0 - k, out.y0, out.x0, out.y1},
                           {out.x1, out.y0, out.x1 + k, out.y1}};
  for (const CellRect& part : ring) {
    fill(dl, xf, intersect(part, grid), with_alpha(palette::kHaloCached.rgba, 90));
    outline(dl, xf, intersect(part, grid), palette::kHaloCached.rgba, line);
  }
  const StencilAxisTiling ax = tiling_of(p).axis(0);  // one warp per row: thin lines between the rows
  if (xf.zoom() >= 4)
    for (int y = out.y0 + 1; y < out.y1; ++y)
      dl->AddLine(screen(xf, out.x0, y), screen(xf, out.x1, y), with_alpha(palette::kOutputTile.rgba, 200),
                  line * 0.6f);
  if (ax.vec > 1 && xf.zoom() * ax.vec >= 12)  // each thread's vector of cells
    for (int x = out.x0 + ax.vec; x < out.x1; x += ax.vec)
      dl->AddLine(screen(xf, x, out.y0), screen(xf, x, out.y1), with_alpha(palette::kOutputTile.rgba, 120),
                  line * 0.5f);
}

// Returns the screen box it drew within: the input tile (fast: the output tile and its cached halo ring).
ScreenBox draw_block(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, int bx, int by, float line) {
  const StencilAxisTiling a = tiling_of(p).axis(0), ay = tiling_of(p).axis(1, bx);
  const CellRect grid{0, 0, p.width, p.height};
  const CellRect out = intersect(
      {a.out_origin(bx), ay.out_origin(by), a.out_origin(bx) + a.out_tile_dim(), ay.out_origin(by) + ay.out_tile_dim()},
      grid);
  fill(dl, xf, out, with_alpha(palette::kOutputTile.rgba, 60));
  const int k = p.order;
  ScreenBox drawn = screen_box(xf, {out.x0 - k, out.y0 - k, out.x1 + k, out.y1 + k});
  if (p.strategy == Stencil3dStrategy::fast) draw_cached_halo(dl, xf, p, out, line);
  if (a.tiled) {
    const CellRect in{a.in_origin(bx), a.in_origin(by), a.in_origin(bx) + a.tile, a.in_origin(by) + a.tile};
    const CellRect halo_parts[] = {{in.x0, in.y0, in.x1, out.y0},
                                   {in.x0, out.y1, in.x1, in.y1},
                                   {in.x0, out.y0, out.x0, out.y1},
                                   {out.x1, out.y0, in.x1, out.y1}};
    for (const CellRect& part : halo_parts) fill(dl, xf, intersect(part, grid), with_alpha(palette::kHalo.rgba, 110));
    for_each_outside(in, p.width, p.height, [&](CellRect part) {
      fill(dl, xf, part, with_alpha(palette::kGhostUnloaded.rgba, 70));
      hatch(dl, xf, part, with_alpha(palette::kGhostUnloaded.rgba, 230), line);
    });
    outline(dl, xf, in, palette::kHalo.rgba, 2 * line);
    drawn = united(drawn, screen_box(xf, in));
  }
  outline(dl, xf, out, palette::kOutputTile.rgba, 2.5f * line);
  return drawn;
}

void draw_taps(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, Pixel c, int z, float line) {
  if (!stencil_interior(c.x, p.width, p.order) || !stencil_interior(c.y, p.height, p.order) ||
      !stencil_interior(z, p.depth, p.order))
    return;  // a boundary cell copies its value: no neighbours read
  for (int o = -p.order; o <= p.order; ++o) {
    const CellRect along_x{c.x + o, c.y, c.x + o + 1, c.y + 1}, along_y{c.x, c.y + o, c.x + 1, c.y + o + 1};
    fill(dl, xf, along_x, with_alpha(tap_colour(stencil_tap_source(tiling_of(p), 0, o, c.x, c.y)), 170));
    if (o != 0) fill(dl, xf, along_y, with_alpha(tap_colour(stencil_tap_source(tiling_of(p), 1, o, c.x, c.y)), 170));
  }
  outline(dl, xf, {c.x, c.y, c.x + 1, c.y + 1}, palette::kHovered.rgba, 2 * line);
}

}  // namespace

ScreenBox draw_slice_overlays(const ViewTransform& xf, const CommonState& s, const Stencil3dUi& ui,
                              bool block_and_taps) {
  const Stencil3dParams& p = ui.params;
  const int z = ui.slice;
  const float line = s.presentation ? 2.5f : 1.5f;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const Rect& vp = xf.viewport();
  dl->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  draw_boundary(dl, xf, p, z, line);
  if (s.overlays.tile_grid) draw_tile_grid(dl, xf, p, line);
  ScreenBox block;
  if (const auto focus = focus_pixel(s); focus && block_and_taps) {
    const Stencil3dTiling g = tiling_of(p);
    const int bx = g.axis(0).block_of(focus->x);
    const int by = g.axis(1, bx).block_of(focus->y);
    if (s.overlays.block)
      block = g.temporal() ? draw_temporal_block(dl, xf, p, bx, by, z, line) : draw_block(dl, xf, p, bx, by, line);
    if (s.overlays.receptive_field) draw_taps(dl, xf, p, *focus, z, line);
  }
  dl->PopClipRect();
  return block;
}

namespace {
constexpr float kColourBarPad = 10;  // screen pixels from the view's bottom-left corner
}  // namespace

float colour_bar_height() { return kColourBarPad + 3.6f * ImGui::GetFontSize(); }

namespace {
float bar_width(bool presentation) { return presentation ? 320.0f : 220.0f; }
constexpr float kBackdrop = 6;  // the bar's dark backdrop reaches this far past it
}  // namespace

float colour_bar_width(bool presentation) { return kColourBarPad + bar_width(presentation) + kBackdrop; }

void draw_colour_bar(const ViewTransform& xf, bool presentation) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const Rect& vp = xf.viewport();
  const float h = ImGui::GetFontSize(), w = bar_width(presentation), pad = kColourBarPad;
  const ImVec2 o{vp.x + pad, vp.y + vp.h - colour_bar_height() + 1.3f * h};  // the bar; its title above
  dl->AddRectFilled({o.x - kBackdrop, o.y - 1.3f * h}, {o.x + w + kBackdrop, o.y + 2.3f * h + 4},
                    IM_COL32(0, 0, 0, 190));
  const int steps = 64;
  for (int i = 0; i < steps; ++i) {
    const float x0 = o.x + w * i / steps, x1 = o.x + w * (i + 1) / steps;
    dl->AddRectFilled({x0, o.y}, {x1 + 0.5f, o.y + h}, palette::heat_colour((i + 0.5f) / steps));
  }
  dl->AddRect({o.x, o.y}, {o.x + w, o.y + h}, IM_COL32(255, 255, 255, 200));
  const ImU32 text = IM_COL32(255, 255, 255, 255);
  dl->AddText({o.x, o.y + 1.2f * h}, text, "0 cold");
  const char* hot = "1 = source";
  dl->AddText({o.x + w - ImGui::CalcTextSize(hot).x, o.y + 1.2f * h}, text, hot);
  const char* title = "temperature";
  dl->AddText({o.x + (w - ImGui::CalcTextSize(title).x) / 2, o.y - 1.15f * h}, IM_COL32(200, 200, 200, 255), title);
}

}  // namespace tilescope
