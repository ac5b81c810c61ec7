#include "app/ui/inspector.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cstring>

#include "app/ui/hud.hpp"

namespace tilescope {

namespace {
constexpr const char* kTitle = "Inspector";
constexpr float kTextEms = 20;          // about 40 characters a line
constexpr float kMinLines = 4;          // the shortest the inspector gets above the legend (below that, over it)
constexpr float kLegendLeastLines = 3;  // the shortest the legend gets below a stepped block: its title, 2 rows
float window_gap() { return ImGui::GetFontSize() * 0.5f; }

// The lowest bottom edge, plus a gap, of the HUD windows (drawn before the inspector this frame)
// that share the columns [x0, x1] with it; `top` when none does.
float below_huds(float x0, float x1, float top) {
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && std::strncmp(w->Name, kHudWindowPrefix, std::strlen(kHudWindowPrefix)) == 0 && w->Pos.x < x1 &&
        w->Pos.x + w->Size.x > x0)
      top = std::max(top, w->Pos.y + w->Size.y + window_gap());
  return top;
}
}  // namespace

void begin_inspector(const Rect& area, float bottom_left) {
  const float right = area.x + area.w - kWindowInset, left = area.x + kWindowInset, gap = window_gap();
  float top = area.y + kWindowInset;
  // Its size last frame. After the frame it appeared on (hidden, not yet fitted): as wide as it may
  // grow, and as tall as what it laid out then.
  const ImGuiWindow* self = ImGui::FindWindowByName(kTitle);
  const bool seen = self && self->WasActive, sized = seen && !self->Hidden;
  const float width = sized ? self->Size.x : inspector_width();
  const float height = sized  ? self->Size.y
                       : seen ? self->DC.CursorMaxPos.y - self->Pos.y + ImGui::GetStyle().WindowPadding.y
                              : 0;
  // Where the pointer is under its place at the right, it moves to the left edge (below the HUD), so
  // that the cell it describes stays in sight, and stays there while the pointer is on it (to scroll
  // it); unless the view is too narrow for both.
  const Vec2 pointer{ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y};
  const bool under = Rect{right - width - gap, top, width + gap, height + gap}.contains(pointer);
  const bool on_it_at_left = sized && self->Pos.x < (left + right) / 2 &&
                             Rect{self->Pos.x, self->Pos.y, self->Size.x, self->Size.y}.contains(pointer);
  const bool flip = (under || on_it_at_left) && left + width + gap < right - width;
  if (flip) top = below_huds(left, left + width, top);
  const float x0 = flip ? left : right - width, x1 = x0 + width;
  // It ends at the area's bottom. The legend, drawn before it, shares the view's bottom-right corner,
  // and the view may keep the bottom-left one: the inspector ends above them and scrolls there rather
  // than cover them in large type.
  float bottom = area.y + area.h;
  const ImGuiWindow* legend = ImGui::FindWindowByName(kLegendTitle);
  if (legend && legend->Active && legend->Pos.x < x1 && legend->Pos.x + legend->Size.x > x0 && legend->Pos.y > top)
    bottom = std::min(bottom, legend->Pos.y);
  if (flip && bottom_left > 0) bottom = std::min(bottom, area.y + area.h - bottom_left);
  const float room = bottom - gap - top, least = inspector_least_height();
  ImGui::SetNextWindowSizeConstraints({0, 0}, {FLT_MAX, room > least ? room : least});
  ImGui::SetNextWindowPos(flip ? ImVec2{left, top} : ImVec2{right, top}, ImGuiCond_Always,
                          flip ? ImVec2{0.0f, 0.0f} : ImVec2{1.0f, 0.0f});
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + kTextEms * ImGui::GetFontSize());
}

void end_inspector() {
  ImGui::PopTextWrapPos();
  ImGui::End();
}

float inspector_least_height() { return kMinLines * ImGui::GetTextLineHeightWithSpacing(); }

bool inspector_fits(const Rect& area) { return area.h - kWindowInset - window_gap() >= inspector_least_height(); }

float inspector_width() { return kTextEms * ImGui::GetFontSize() + 2 * ImGui::GetStyle().WindowPadding.x; }

void begin_legend(float right, float bottom, float width, float top) {
  ImGui::SetNextWindowPos({right, bottom}, ImGuiCond_Always, {1.0f, 1.0f});
  ImGui::SetNextWindowSizeConstraints({0, 0}, {FLT_MAX, std::max(bottom - top, 2 * ImGui::GetFrameHeight())});
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin(kLegendTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushTextWrapPos(width - ImGui::GetStyle().WindowPadding.x);
}

float legend_width() {
  const ImGuiWindow* legend = ImGui::FindWindowByName(kLegendTitle);
  return legend && legend->WasActive && !legend->Hidden ? legend->Size.x : 0.0f;
}

void end_legend() {
  ImGui::PopTextWrapPos();
  ImGui::End();
}

float legend_top_below(const ScreenBox& block, float right, float bottom) {
  const float width = legend_width();  // before it is first drawn: as wide as it may grow
  if (block.empty() || (width > 0 && block.b.x <= right - width)) return 0;
  const float top = block.b.y + kWindowInset;
  return bottom - top >= kLegendLeastLines * ImGui::GetTextLineHeightWithSpacing() ? top : 0;
}

Rect inspector_area_above(const Rect& area, const ScreenBox& block) {
  if (block.empty() || block.b.x <= area.x + area.w - kWindowInset - inspector_width()) return area;
  const Rect above{area.x, area.y, area.w, std::min(block.a.y - area.y, area.h)};
  return inspector_fits(above) ? above : area;
}

bool pointer_on_floating_window() {
  const ImGuiWindow* hovered = GImGui->HoveredWindow;
  return hovered && (std::strcmp(hovered->Name, kTitle) == 0 || std::strcmp(hovered->Name, kLegendTitle) == 0);
}

Rect windows_area(const Rect& view, const Rect& hud) {
  // As wide as it was drawn last frame; where it was not drawn, or on the frame it appeared (an
  // auto-resized window is hidden then, its size not yet fitted), as wide as it may grow. So a view
  // that leaves the inspector out for want of room gets the same area the next frame.
  if (hud.w <= 0) return view;
  const ImGuiWindow* inspector = ImGui::FindWindowByName(kTitle);
  const float gap = window_gap();
  const bool sized = inspector && inspector->WasActive && !inspector->Hidden;
  const float width = sized ? inspector->Size.x : inspector_width();
  if (view.x + view.w - kWindowInset - width >= hud.x + hud.w + gap) return view;
  const float top = hud.y + hud.h + gap - kWindowInset;
  return {view.x, top, view.w, view.y + view.h - top};
}

}  // namespace tilescope
