#pragma once
// A data-space rectangle in whole cells, free of any GUI type, so that the figures the overlays
// draw can be computed (and tested) without a window.
#include <algorithm>

namespace tilescope {

// Data-space rectangle [x0, x1) x [y0, y1) in cells.
struct CellRect {
  int x0, y0, x1, y1;
  bool empty() const { return x0 >= x1 || y0 >= y1; }
  bool operator==(const CellRect& o) const { return x0 == o.x0 && y0 == o.y0 && x1 == o.x1 && y1 == o.y1; }
};

// The cell holding coordinate v among cells 0..n-1: -1 before them (and for NaN, or the -FLT_MAX
// ImGui reports for an absent mouse), n after. Never converts a float outside int's range.
inline int cell_of(float v, int n) {
  if (!(v >= 0.0f)) return -1;
  return v < float(n) ? int(v) : n;
}

inline CellRect intersect(CellRect a, CellRect b) {
  return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

}  // namespace tilescope
