#include "app/ui/inspector.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cstring>

namespace tilescope {

namespace {
constexpr const char* kTitle = "Inspector";
constexpr float kTextEms = 20;  // about 40 characters a line
constexpr float kMinLines = 4;  // the shortest the inspector gets above the legend (below that, over it)
float window_gap() { return ImGui::GetFontSize() * 0.5f; }
}  // namespace

void begin_inspector(float right, float top) {
  // The legend shares the view's right edge, at the bottom, and the views draw it first: the
  // inspector ends above it and scrolls there rather than cover it in large type.
  const ImGuiWindow* legend = ImGui::FindWindowByName(kLegendTitle);
  if (legend && legend->Active && legend->Pos.x < right && legend->Pos.y > top) {
    const float room = legend->Pos.y - window_gap() - top, least = kMinLines * ImGui::GetTextLineHeightWithSpacing();
    ImGui::SetNextWindowSizeConstraints({0, 0}, {FLT_MAX, room > least ? room : least});
  }
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

void begin_legend(float right, float bottom, float width) {
  ImGui::SetNextWindowPos({right, bottom}, ImGuiCond_Always, {1.0f, 1.0f});
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin(kLegendTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushTextWrapPos(width - ImGui::GetStyle().WindowPadding.x);
}

void end_legend() {
  ImGui::PopTextWrapPos();
  ImGui::End();
}

bool pointer_on_floating_window() {
  const ImGuiWindow* hovered = GImGui->HoveredWindow;
  return hovered && (std::strcmp(hovered->Name, kTitle) == 0 || std::strcmp(hovered->Name, kLegendTitle) == 0);
}

Rect windows_area(const Rect& view, const Rect& hud) {
  // As wide as it was drawn last frame; on the frame it appeared an auto-resized window is hidden
  // and its size not yet fitted, so then as wide as it may grow.
  const ImGuiWindow* inspector = ImGui::FindWindowByName(kTitle);
  const float gap = window_gap();
  const bool shown = inspector && inspector->WasActive && hud.w > 0;
  if (!shown) return view;
  const float width = inspector->Hidden ? inspector_width() : inspector->Size.x;
  if (view.x + view.w - kWindowInset - width >= hud.x + hud.w + gap) return view;
  const float top = hud.y + hud.h + gap - kWindowInset;
  return {view.x, top, view.w, view.y + view.h - top};
}

}  // namespace tilescope
