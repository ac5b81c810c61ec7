#include "app/view/cell_draw.hpp"

namespace tilescope {

void fill(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c) {
  if (!r.empty()) dl->AddRectFilled(screen(xf, r.x0, r.y0), screen(xf, r.x1, r.y1), c);
}

void outline(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c, float w) {
  if (!r.empty()) dl->AddRect(screen(xf, r.x0, r.y0), screen(xf, r.x1, r.y1), c, 0.0f, 0, w);
}

void hatch(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c, float w) {
  if (!r.empty()) hatch_screen(dl, screen(xf, r.x0, r.y0), screen(xf, r.x1, r.y1), c, w);
}

void hatch_screen(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float w) {
  if (a.x >= b.x || a.y >= b.y) return;
  dl->PushClipRect(a, b, true);
  const float spacing = 9.0f, h = b.y - a.y;
  for (float x = a.x - h; x < b.x; x += spacing) dl->AddLine({x, b.y}, {x + h, a.y}, c, w);
  dl->PopClipRect();
}

}  // namespace tilescope
