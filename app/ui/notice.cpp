#include "app/ui/notice.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/ui/inspector.hpp"

namespace tilescope {

void draw_notice(const Rect& view, const std::string& text) {
  ImGui::SetNextWindowPos({view.x + view.w / 2, view.y + kWindowInset}, ImGuiCond_Always, {0.5f, 0.0f});
  ImGui::SetNextWindowBgAlpha(0.85f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##notice", nullptr, kFlags)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(view.w * 0.5f, ImGui::GetFontSize() * 28));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.3f, 1.0f));  // amber: a warning
    ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

void OnceNotice::offer(const std::optional<std::string>& text) {
  if (text == text_) return;
  text_ = text;
  left_s_ = text ? kSeconds : 0;
}

}  // namespace tilescope
