#pragma once
// Drawing whole cells of the data over the view with ImGui's draw list: rectangles in cell
// coordinates, filled, outlined or hatched (ghost cells never depend on colour alone).
#include <imgui.h>

#include <algorithm>

#include "app/view/cell_rect.hpp"
#include "app/view/view_transform.hpp"

namespace tilescope {

inline ImVec2 screen(const ViewTransform& xf, float x, float y) {
  const Vec2 s = xf.to_screen({x, y});
  return {s.x, s.y};
}

inline ImU32 with_alpha(ImU32 c, int a) { return (c & 0x00FFFFFFu) | (ImU32(a) << 24); }

void fill(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c);
void outline(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c, float w);
void hatch(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c, float w);
// The same hatching over the screen rectangle a..b (views that map cells themselves).
void hatch_screen(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float w = 1.5f);

// The parts of r outside [0, width) x [0, height), as up to four disjoint rectangles.
template <typename F>
void for_each_outside(CellRect r, int width, int height, F f) {
  const CellRect top{r.x0, r.y0, r.x1, std::min(r.y1, 0)}, bottom{r.x0, std::max(r.y0, height), r.x1, r.y1};
  const int y0 = std::max(r.y0, 0), y1 = std::min(r.y1, height);
  const CellRect left{r.x0, y0, std::min(r.x1, 0), y1}, right{std::max(r.x0, width), y0, r.x1, y1};
  for (const CellRect& part : {top, bottom, left, right})
    if (!part.empty()) f(part);
}

}  // namespace tilescope
