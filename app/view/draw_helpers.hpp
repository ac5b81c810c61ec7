#pragma once
// Small drawing helpers the 1D and matmul views share (ImGui draw lists, screen pixels).
#include <imgui.h>

namespace tilescope {

inline ImU32 with_alpha(ImU32 c, int a) { return (c & 0x00FFFFFFu) | (ImU32(a) << 24); }

// Diagonal hatching of the screen rectangle a..b: "not there" without relying on colour.
inline void hatch(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float width = 1.5f) {
  if (a.x >= b.x || a.y >= b.y) return;
  dl->PushClipRect(a, b, true);
  for (float x = a.x - (b.y - a.y); x < b.x; x += 8) dl->AddLine({x, b.y}, {x + (b.y - a.y), a.y}, c, width);
  dl->PopClipRect();
}

}  // namespace tilescope
