#include "app/view/cell_draw.hpp"

namespace tilescope {

void fill(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c) {
  if (!r.empty()) dl->AddRectFilled(screen(xf, r.x0, r.y0), screen(xf, r.x1, r.y1), c);
}

void outline(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c, float w) {
  if (!r.empty()) dl->AddRect(screen(xf, r.x0, r.y0), screen(xf, r.x1, r.y1), c, 0.0f, 0, w);
}

void hatch(ImDrawList* dl, const ViewTransform& xf, CellRect r, ImU32 c, float w) {
  if (r.empty()) return;
  const ImVec2 a = screen(xf, r.x0, r.y0), b = screen(xf, r.x1, r.y1);
  dl->PushClipRect(a, b, true);
  const float spacing = 9.0f, h = b.y - a.y;
  for (float x = a.x - h; x < b.x; x += spacing) dl->AddLine({x, b.y}, {x + h, a.y}, c, w);
  dl->PopClipRect();
}

}  // namespace tilescope
