#include "app/stencil3d/temporal_overlay.hpp"

#include <algorithm>
#include <string>

#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {
namespace {

CellRect in_slice(const StencilBox& b) { return {b.x0, b.y0, b.x1, b.y1}; }

// The cells of `region` outside `hole`, as up to four rectangles (above, below, left, right).
template <class F>
void for_each_around(const CellRect& region, const CellRect& hole, F f) {
  const int y0 = std::max(region.y0, hole.y0), y1 = std::min(region.y1, hole.y1);
  const CellRect parts[] = {{region.x0, region.y0, region.x1, std::min(region.y1, hole.y0)},
                            {region.x0, std::max(region.y0, hole.y1), region.x1, region.y1},
                            {region.x0, y0, std::min(region.x1, hole.x0), y1},
                            {std::max(region.x0, hole.x1), y0, region.x1, y1}};
  for (const CellRect& part : parts)
    if (!part.empty()) f(part);
}

}  // namespace

ScreenBox draw_temporal_block(ImDrawList* dl, const ViewTransform& xf, const Stencil3dParams& p, int bx, int by, int z,
                              float line, int stage) {
  const TemporalTiling t = tiling_of(p).temporal_tiling();
  const int bz = t.axis(2).block_of(z), S = t.fused;
  const CellRect grid{0, 0, p.width, p.height};
  const StencilBox in = t.valid_box(bx, by, bz, 0), out = t.out_box(bx, by, bz);
  const CellRect in_r = in_slice(in), out_r = intersect(in_slice(out), grid);
  if (stage == 0) fill(dl, xf, intersect(in_r, grid), with_alpha(palette::kHalo.rgba, 90));
  for_each_outside(in_r, p.width, p.height, [&](CellRect part) {
    fill(dl, xf, part, with_alpha(palette::kGhostUnloaded.rgba, 70));
    hatch(dl, xf, part, with_alpha(palette::kGhostUnloaded.rgba, 230), line);
  });
  // Redundant: step s's cells outside the output tile (the stage's own step, or all of them).
  for (int s = 1; s <= S; ++s) {
    const StencilBox v = t.valid_box(bx, by, bz, s);
    if (z < v.z0 || z >= v.z1 || (stage >= 1 && stage <= S && s != stage)) continue;
    const CellRect vr = intersect(in_slice(v), grid);
    if (s == stage) fill(dl, xf, intersect(vr, out_r), with_alpha(palette::kValidRegion.rgba, 35));
    if (s == stage || (stage < 1 && s == 1))  // step 1's region holds every later one's
      for_each_around(vr, in_slice(out), [&](CellRect part) {
        fill(dl, xf, part, with_alpha(palette::kRedundant.rgba, s == stage ? 110 : 60));
        hatch(dl, xf, part, with_alpha(palette::kRedundant.rgba, 200), line * 0.7f);
      });
  }
  // The nested regions, each labelled by its step where the band between two is wide enough to read.
  const float font = ImGui::GetFontSize();
  for (int s = 1; s <= S; ++s) {
    const StencilBox v = t.valid_box(bx, by, bz, s);
    if (z < v.z0 || z >= v.z1) continue;  // the slice is in step s's z halo: none of its cells are right
    const CellRect vr = intersect(in_slice(v), grid);
    outline(dl, xf, vr, with_alpha(palette::kValidRegion.rgba, s == stage ? 255 : 190),
            (s == stage ? 2.0f : 1.0f) * line);
    if (p.order * xf.zoom() >= font * 0.8f && !vr.empty()) {
      const std::string label = std::to_string(s);
      const ImVec2 at = screen(xf, float(vr.x0), float(vr.y0));
      dl->AddText({at.x + 2, at.y + 1}, palette::kValidRegion.rgba, label.c_str());
    }
  }
  outline(dl, xf, intersect(in_r, grid), palette::kHalo.rgba, 2 * line);
  if (stage == S + 1) fill(dl, xf, out_r, with_alpha(palette::kOutputTile.rgba, 70));
  outline(dl, xf, out_r, palette::kOutputTile.rgba, 2.5f * line);
  return screen_box(xf, in_r);
}

}  // namespace tilescope
