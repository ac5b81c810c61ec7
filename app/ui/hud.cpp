#include "app/ui/hud.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "kernels/common/traffic.hpp"

namespace tilescope {

float hud_height() { return 5 * ImGui::GetTextLineHeightWithSpacing() + 2 * ImGui::GetStyle().WindowPadding.y; }

float draw_hud(const Rect& view, float below, const HudFigures& f, int pane) {
  const bool compact = pane >= 0;
  const float pad = ImGui::GetFontSize() * 0.5f;
  // At most 40% of the view's width (the inspector keeps the top-right corner), a compare pane's
  // nearly all of it; long lines wrap.
  const float width = std::max(view.w * (compact ? 0.9f : 0.4f), ImGui::GetFontSize() * 8);
  // The numbers, formatted before the window opens so that it takes this frame's widest line: an
  // auto-resized window alone is as wide as the frame before's, which clips live numbers that grow
  // (every other frame of a recording).
  char title[160] = "", opb[96] = "", time[128] = "", traffic[96] = "";
  const bool timed = f.problem.empty() && f.kernel_ms > 0;
  std::snprintf(title, sizeof title, "%s", compact ? (f.id + ", " + f.book_ref).c_str() : f.book_ref.c_str());
  if (f.problem.empty())
    std::snprintf(opb, sizeof opb, "OP/B %.2f model, %.2f counted", book_round(f.opb_model), book_round(f.opb_counted));
  if (timed && compact) {
    std::snprintf(time, sizeof time, "%.3g ms, %.0f%% of a copy", f.kernel_ms, 100.0 * f.copy_ms / f.kernel_ms);
  } else if (timed) {
    std::snprintf(time, sizeof time, "%.3g ms (%s), %.3g GFLOP/s", f.kernel_ms, f.clock, f.gflops);
    std::snprintf(traffic, sizeof traffic, "%.3g GB/s, %.0f%% of a copy", f.gbs, 100.0 * f.copy_ms / f.kernel_ms);
  }
  const char* note = !f.problem.empty() ? "cannot run: see the panel" : timed ? "" : "kernel not timed yet";
  const char* name = compact ? "" : f.strategy.c_str();
  float widest = 0;  // lines wider than `width` wrap
  const char* const lines[] = {title, name, opb, time, traffic, note};
  for (const char* line : lines) widest = std::max(widest, std::min(ImGui::CalcTextSize(line).x, width));
  ImGui::SetNextWindowContentSize({widest, 0});
  ImGui::SetNextWindowPos({view.x + pad, view.y + below + pad}, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.72f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin(("##hud" + std::to_string(pane)).c_str(), nullptr, kFlags)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextColored({0.34f, 0.71f, 0.91f, 1.0f}, "%s", title);
    if (!compact) ImGui::TextWrapped("%s", name);
    if (!f.problem.empty()) {
      ImGui::TextColored({1.0f, 0.47f, 0.35f, 1.0f}, "%s", note);
    } else {
      ImGui::TextUnformatted(opb);
      if (timed) {
        ImGui::TextUnformatted(time);
        if (!compact) ImGui::TextUnformatted(traffic);
      } else {
        ImGui::TextDisabled("%s", note);
      }
    }
    ImGui::PopTextWrapPos();
  }
  const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
  ImGui::End();
  return bottom;
}

}  // namespace tilescope
