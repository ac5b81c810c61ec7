#include "app/ui/swatch.hpp"

#include <imgui.h>

namespace tilescope {

void swatch(const palette::Swatch& s, bool hatched) {
  const float h = ImGui::GetFontSize();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + 1.6f * h, o.y + h}, s.rgba);
  if (hatched) {
    dl->PushClipRect(o, {o.x + 1.6f * h, o.y + h}, true);
    for (float x = o.x - h; x < o.x + 1.6f * h; x += 6)
      dl->AddLine({x, o.y + h}, {x + h, o.y}, IM_COL32(20, 20, 20, 255), 1.5f);
    dl->PopClipRect();
  }
  ImGui::Dummy({1.6f * h, h});
  ImGui::SameLine();
  ImGui::TextUnformatted(s.name);
}

}  // namespace tilescope
