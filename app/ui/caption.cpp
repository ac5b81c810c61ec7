#include "app/ui/caption.hpp"

#include <imgui.h>

#include <algorithm>

namespace tilescope {
namespace {

float pad() { return ImGui::GetFontSize() * 0.5f; }
float wrap_width(const Rect& view) { return std::min(view.w - 4 * pad(), ImGui::GetFontSize() * 30); }

}  // namespace

Rect caption_band(const Rect& view, const std::string& text) {
  if (text.empty()) return {view.x, view.y + view.h, view.w, 0};
  const float text_h =
      ImGui::CalcTextSize(text.c_str(), text.c_str() + text.size(), false, std::max(wrap_width(view), 1.0f)).y;
  const float h = std::min(text_h + 4 * pad(), view.h / 2);
  return {view.x, view.y + view.h - h, view.w, h};
}

void draw_caption(const Rect& band, const std::string& text) {
  ImGui::SetNextWindowPos({band.x + band.w / 2, band.y + band.h / 2}, ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(0.72f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##caption", nullptr, kFlags)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap_width(band));
    ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace tilescope
