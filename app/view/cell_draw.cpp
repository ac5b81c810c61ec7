#include "app/view/cell_draw.hpp"

#include <algorithm>
#include <cmath>

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
  // Only the part inside the current clip rectangle is hatched, so a band far wider than the
  // window (a deep zoom) costs the lines the window shows. The lines are x + y = k * spacing on
  // the screen: clipping does not shift them.
  const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
  a = {std::max(a.x, lo.x), std::max(a.y, lo.y)};
  b = {std::min(b.x, hi.x), std::min(b.y, hi.y)};
  if (!(a.x < b.x && a.y < b.y)) return;  // empty, or not a number
  dl->PushClipRect(a, b, true);
  const float spacing = 9.0f, h = b.y - a.y;
  const float first = std::floor((a.x - h + b.y) / spacing) * spacing - b.y;
  for (float x = first; x < b.x; x += spacing) dl->AddLine({x, b.y}, {x + h, a.y}, c, w);
  dl->PopClipRect();
}

}  // namespace tilescope
