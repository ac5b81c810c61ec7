#include "app/ui/view_input.hpp"

#include <imgui.h>

#include <cmath>

#include "app/ui/inspector.hpp"

namespace tilescope {

std::optional<Pixel> hover_after(std::optional<Pixel> under, std::optional<Pixel> before) {
  if (under) return under;
  return pointer_on_floating_window() ? before : std::nullopt;
}

void handle_view_mouse(ViewTransform& view, CommonState& s, bool& dragging) {
  const ImGuiIO& io = ImGui::GetIO();
  const Vec2 mouse{io.MousePos.x, io.MousePos.y};
  const bool over_view = !io.WantCaptureMouse && view.viewport().contains(mouse);
  if (over_view && io.MouseWheel != 0) view.zoom_at(mouse, std::pow(1.25f, io.MouseWheel));
  if (over_view && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) dragging = true;
  if (dragging) view.pan({io.MouseDelta.x, io.MouseDelta.y});
  int x = 0, y = 0;
  const bool on_data = over_view && view.pixel_at(mouse, x, y);
  s.hover = hover_after(on_data ? std::optional<Pixel>(Pixel{x, y}) : std::nullopt, s.hover);
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    if (!dragging && on_data) s.pinned = s.pinned ? std::nullopt : s.hover;
    dragging = false;
  }
  if (over_view && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) view.fit();
}

}  // namespace tilescope
