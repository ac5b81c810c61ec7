#include "app/ui/inspector.hpp"

#include <imgui.h>
#include <imgui_internal.h>

namespace tilescope {

namespace {
constexpr const char* kTitle = "Inspector";
constexpr float kTextEms = 20;  // about 40 characters a line
}  // namespace

void begin_inspector(float right, float top) {
  ImGui::SetNextWindowPos({right, top}, ImGuiCond_Always, {1.0f, 0.0f});
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + kTextEms * ImGui::GetFontSize());
}

void end_inspector() {
  ImGui::PopTextWrapPos();
  ImGui::End();
}

float inspector_width() { return kTextEms * ImGui::GetFontSize() + 2 * ImGui::GetStyle().WindowPadding.x; }

Rect windows_area(const Rect& view, const Rect& hud) {
  // An auto-resized window is hidden on the frame it appears, so the one on screen has a known width.
  const ImGuiWindow* inspector = ImGui::FindWindowByName(kTitle);
  const float gap = ImGui::GetFontSize() * 0.5f;
  const bool shown = inspector && inspector->WasActive && hud.w > 0;
  if (!shown || view.x + view.w - kWindowInset - inspector->Size.x >= hud.x + hud.w + gap) return view;
  const float top = hud.y + hud.h + gap - kWindowInset;
  return {view.x, top, view.w, view.y + view.h - top};
}

}  // namespace tilescope
