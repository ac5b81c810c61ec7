#include "app/shell/ladder.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/shell/compare.hpp"
#include "app/ui/pattern_view.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/palette.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/traffic.hpp"

namespace tilescope {
void Ladder::fit(const UiState& state) {
  const std::size_t n = strategy_list(state.pattern).size();
  if (state.pattern == pattern_ && timed_.size() == n) return;
  pattern_ = state.pattern;
  timed_.assign(n, HudFigures{});
  next_ = frame_ = 0;
}

void Ladder::launch_next(const UiState& state, PatternView& view, bool panel_open) {
  fit(state);
  if (!panel_open || state.paused || broken_on_purpose(state) || view.backend().name() != "cuda") return;
  if (++frame_ % kFramesPerLaunch != 0) return;
  const std::vector<std::string> names = strategy_list(state.pattern);
  const int i = next_;
  next_ = (next_ + 1) % int(names.size());
  try {
    timed_[std::size_t(i)] = view.ladder_launch(names[std::size_t(i)], true);
  } catch (const InvalidInput&) {  // the data changed size since the view's last frame: the next turn times it
  }
}

std::vector<HudFigures> Ladder::rows(const UiState& state, PatternView& view, const TrafficMeter& meter) {
  fit(state);
  const std::vector<std::string> names = strategy_list(state.pattern);
  std::vector<HudFigures> rows;
  for (std::size_t i = 0; i < names.size(); ++i) {
    HudFigures f = view.ladder_launch(names[i], false);
    const HudFigures& t = timed_[i];
    if (t.kernel_ms > 0 && f.problem.empty() && t.opb_model == f.opb_model && t.opb_counted == f.opb_counted)
      f.kernel_ms = t.kernel_ms, f.copy_ms = t.copy_ms;
    meter.attach(f);
    rows.push_back(f);
  }
  return rows;
}

bool strategy_opb_cells(const std::string& name, const HudFigures& f) {
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name.c_str());
  ImGui::TableNextColumn();
  if (!f.problem.empty()) {
    ImGui::TextDisabled("cannot run");
    return false;
  }
  ImGui::Text("%.2f", book_round(f.opb_model));
  ImGui::TableNextColumn();
  ImGui::Text("%.2f", book_round(f.opb_counted));
  return true;
}

void Ladder::panel(const UiState& state, PatternView& view, const TrafficMeter& meter) {
  const std::vector<std::string> names = strategy_list(state.pattern);
  const std::vector<HudFigures> figures = rows(state, view, meter);
  const bool timed = view.backend().name() == "cuda";
  double longest = 0;
  for (const HudFigures& f : figures) longest = std::max({longest, f.kernel_ms, f.copy_ms});
  const std::string current = strategy_name(state);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##ladder_all", timed ? 6 : 3, kFlags)) {
    ImGui::TableSetupColumn("strategy");
    ImGui::TableSetupColumn("OP/B model");
    ImGui::TableSetupColumn("counted");
    if (timed) ImGui::TableSetupColumn("DRAM");
    if (timed) {
      ImGui::TableSetupColumn("time, copy |", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn("ms");
    }
    ImGui::TableHeadersRow();
    const float bar_h = ImGui::GetTextLineHeight();
    for (std::size_t i = 0; i < names.size(); ++i) {
      const HudFigures& f = figures[i];
      ImGui::TableNextRow();
      const bool here = names[i] == current;
      if (here) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(0, 114, 178, 90));
      if (!strategy_opb_cells(names[i], f) || !timed) continue;
      ImGui::TableNextColumn();
      if (f.measured)
        ImGui::Text("%.2f", f.measured->opb_dram(f.flops));
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const float w = std::max(ImGui::GetContentRegionAvail().x, 20.0f);
      ImDrawList* dl = ImGui::GetWindowDrawList();
      if (f.kernel_ms > 0 && longest > 0) {
        dl->AddRectFilled(at, {at.x + float(f.kernel_ms / longest) * w, at.y + bar_h},
                          here ? palette::kOutputTile.rgba : IM_COL32(150, 150, 150, 255));
        const float copy_x = at.x + float(f.copy_ms / longest) * w;  // the ceiling: a copy of the same bytes
        dl->AddLine({copy_x, at.y - 2}, {copy_x, at.y + bar_h + 2}, IM_COL32(255, 255, 255, 255), 2.0f);
      }
      ImGui::Dummy({w, bar_h});
      ImGui::TableNextColumn();
      if (f.kernel_ms > 0)
        ImGui::Text("%.3g", f.kernel_ms);
      else
        ImGui::TextDisabled("-");
    }
    ImGui::EndTable();
  }
  if (!timed)
    disabled_wrapped(
        "On the CPU every strategy runs the same engine, so only the model tells them apart: "
        "the ladder times them on CUDA.");
  else if (state.paused || broken_on_purpose(state))
    disabled_wrapped("Times wait while the demo is paused or broken on purpose.");
  else
    disabled_wrapped(
        "Each strategy launched once every few frames on this data (CUDA events); the white line "
        "is a copy of the same bytes. OP/B: the book's model, the exact count, and DRAM: flops / "
        "bytes read from DRAM as the GPU's counters measured one launch (L2 flushed first; one "
        "strategy measured every few frames).");
}

}  // namespace tilescope
