#include "app/ui/hud.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "kernels/common/traffic.hpp"

namespace tilescope {

namespace {

// The HUD's lines as this frame shows them, formatted before its window opens so that it takes this
// frame's widest line (an auto-resized window alone is as wide as the frame before's, which clips live
// numbers that grow: every other frame of a recording), and the width past which they wrap.
struct HudText {
  std::vector<std::string> lines;  // top to bottom; the first is the title
  std::vector<bool> dim;           // drawn disabled (the note that nothing was timed yet)
  bool problem = false;            // the last line says why it cannot run
  float width = 0;
};

HudText hud_text(const Rect& view, const HudFigures& f, bool compact) {
  HudText t;
  // At most 40% of the view's width (the inspector keeps the top-right corner), a compare pane's
  // nearly all of it; long lines wrap.
  t.width = std::max(view.w * (compact ? 0.9f : 0.4f), ImGui::GetFontSize() * 8);
  auto add = [&](std::string line, bool dim = false) { t.lines.push_back(std::move(line)), t.dim.push_back(dim); };
  char buf[160];
  add(compact ? f.id + ", " + f.book_ref : f.book_ref);
  if (!compact) add(f.strategy);
  if (!f.problem.empty()) {
    t.problem = true;
    add("cannot run: see the panel");
    return t;
  }
  std::snprintf(buf, sizeof buf, "OP/B %.2f model, %.2f counted", book_round(f.opb_model), book_round(f.opb_counted));
  add(buf);
  if (f.measured && !compact) {
    std::snprintf(buf, sizeof buf, "OP/B %.2f from DRAM, measured", f.measured->opb_dram(f.flops));
    add(buf);
    if (f.steps > 0) {  // what a time step costs in DRAM traffic: a fused launch moves the grid once for all its steps
      const MemoryCounters& m = *f.measured;
      std::snprintf(buf, sizeof buf, "DRAM %.3g MB a step, measured (%d step%s a launch)",
                    (m.dram_read_bytes + m.dram_write_bytes) / f.steps * 1e-6, f.steps, f.steps > 1 ? "s" : "");
      add(buf);
    }
  }
  const char* per = f.steps > 0 ? " a step" : "";
  if (f.kernel_ms <= 0) {
    add("kernel not timed yet", true);
  } else if (compact) {
    std::snprintf(buf, sizeof buf, "%.3g ms%s, %.0f%% of a copy", f.kernel_ms, per, 100.0 * f.copy_ms / f.kernel_ms);
    add(buf);
  } else {
    if (f.steps > 0)
      std::snprintf(buf, sizeof buf, "%.0f steps/s: %.3g ms a step", 1000.0 / f.kernel_ms, f.kernel_ms);
    else
      std::snprintf(buf, sizeof buf, "%.3g ms, %.3g GFLOP/s", f.kernel_ms, f.gflops);
    add(buf);
    std::snprintf(buf, sizeof buf, "%.3g GB/s, %.0f%% of a copy", f.gbs, 100.0 * f.copy_ms / f.kernel_ms);
    add(buf);
    add(f.timed_by, true);
  }
  return t;
}

}  // namespace

float hud_height(const Rect& view, const HudFigures& f) {
  const HudText t = hud_text(view, f, false);
  float h = 2 * ImGui::GetStyle().WindowPadding.y - ImGui::GetStyle().ItemSpacing.y;
  for (const std::string& line : t.lines)
    h += ImGui::CalcTextSize(line.c_str(), nullptr, false, t.width).y + ImGui::GetStyle().ItemSpacing.y;
  return h;
}

Rect draw_hud(const Rect& view, float below, const HudFigures& f, int pane) {
  const HudText t = hud_text(view, f, pane >= 0);
  float widest = 0;  // lines wider than t.width wrap
  for (const std::string& line : t.lines)
    widest = std::max(widest, std::min(ImGui::CalcTextSize(line.c_str()).x, t.width));
  const float pad = ImGui::GetFontSize() * 0.5f;
  ImGui::SetNextWindowContentSize({widest, 0});
  ImGui::SetNextWindowPos({view.x + pad, view.y + below + pad}, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.72f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin((kHudWindowPrefix + std::to_string(pane)).c_str(), nullptr, kFlags)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + t.width);
    for (std::size_t i = 0; i < t.lines.size(); ++i) {
      const char* line = t.lines[i].c_str();
      if (i == 0)
        ImGui::TextColored({0.34f, 0.71f, 0.91f, 1.0f}, "%s", line);
      else if (t.problem && i + 1 == t.lines.size())
        ImGui::TextColored({1.0f, 0.47f, 0.35f, 1.0f}, "%s", line);
      else if (t.dim[i])
        ImGui::TextDisabled("%s", line);
      else
        ImGui::TextUnformatted(line);
    }
    ImGui::PopTextWrapPos();
  }
  const Rect hud{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  ImGui::End();
  return hud;
}

}  // namespace tilescope
