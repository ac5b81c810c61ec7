#include "app/ui/hud.hpp"

#include <imgui.h>

#include <algorithm>

#include "kernels/common/traffic.hpp"

namespace tilescope {

float hud_height() { return 5 * ImGui::GetTextLineHeightWithSpacing() + 2 * ImGui::GetStyle().WindowPadding.y; }

void draw_hud(const Rect& view, float below, const HudFigures& f) {
  const float pad = ImGui::GetFontSize() * 0.5f;
  // At most 40% of the view's width (the inspector keeps the top-right corner); long lines wrap.
  const float width = std::max(view.w * 0.4f, ImGui::GetFontSize() * 8);
  ImGui::SetNextWindowPos({view.x + pad, view.y + below + pad}, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.72f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##hud", nullptr, kFlags)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextColored({0.34f, 0.71f, 0.91f, 1.0f}, "%s", f.book_ref.c_str());
    ImGui::TextWrapped("%s", f.strategy.c_str());
    if (!f.problem.empty()) {
      ImGui::TextColored({1.0f, 0.47f, 0.35f, 1.0f}, "cannot run: see the panel");
    } else {
      ImGui::Text("OP/B %.2f model, %.2f counted", book_round(f.opb_model), book_round(f.opb_counted));
      if (f.kernel_ms > 0) {
        ImGui::Text("%.3g ms (%s), %.3g GFLOP/s", f.kernel_ms, f.clock, f.gflops);
        ImGui::Text("%.3g GB/s, %.0f%% of a copy", f.gbs, 100.0 * f.copy_ms / f.kernel_ms);
      } else {
        ImGui::TextDisabled("kernel not timed yet");
      }
    }
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace tilescope
