#include "app/ui/memory_chart.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/ui/widgets.hpp"
#include "app/view/palette.hpp"
#include "kernels/common/traffic.hpp"

namespace tilescope {
namespace {

constexpr ImU32 kModelBar = IM_COL32(160, 160, 160, 255);  // the book's model or the exact count: outlined

const char* bytes_text(double bytes, char (&buf)[32]) {
  const char* unit = "B";
  for (const char* u : {"kB", "MB", "GB", "TB"}) {
    if (bytes < 1000) break;
    bytes /= 1000, unit = u;
  }
  std::snprintf(buf, sizeof buf, "%.3g %s", bytes, unit);
  return buf;
}

// One level of the chart: its name, then an outlined bar for what the book or the count says
// (reference <= 0: none), and under it a filled bar for what was measured, both to `scale`.
void chart_row(const char* level, double reference, const char* reference_is, double measured, ImU32 colour,
               double scale) {
  ImGui::TextUnformatted(level);
  // The bars take what the longest label ("9999 MB book model") leaves of the panel's width.
  const float label = ImGui::CalcTextSize("9999 MB book model").x + ImGui::GetStyle().ItemSpacing.x;
  const float w = std::max(ImGui::GetContentRegionAvail().x - label, ImGui::GetFontSize() * 3);
  const float h = ImGui::GetTextLineHeight() * 0.8f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  char buf[32];
  const auto bar = [&](double bytes, bool filled, const char* what) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float x1 = at.x + std::max(1.0f, float(bytes / scale) * w);
    if (filled)
      dl->AddRectFilled(at, {x1, at.y + h}, colour);
    else
      dl->AddRect(at, {x1, at.y + h}, kModelBar, 0.0f, 0, 1.5f);
    ImGui::Dummy({w, h});
    ImGui::SameLine();
    ImGui::Text("%s %s", bytes_text(bytes, buf), what);
  };
  if (reference > 0) bar(reference, false, reference_is);
  bar(measured, true, "measured");
}

}  // namespace

void measured_traffic_section(const HudFigures& f, bool& measure, bool& measure_again) {
  ImGui::Separator();
  if (!f.measured) {
    ImGui::TextDisabled("measured (DRAM)   -");
    disabled_wrapped(("  " + f.measured_why).c_str());
  } else {
    const MemoryCounters& m = *f.measured;
    ImGui::Text("measured (DRAM) %5.2f OP/B", m.opb_dram(f.flops));
    disabled_wrapped("  flops / bytes read from DRAM, one launch under the GPU's counters, L2 flushed before it");
    ImGui::Text("L1 hit %.0f%%   L2 hit %.0f%%   bank conflicts %.3g", m.l1_hit_pct, m.l2_hit_pct, m.bank_conflicts);
    // The chart: every level to one scale, the largest of its bars.
    const double issued = f.opb_counted > 0 ? f.flops / f.opb_counted : 0;  // the exact count's bytes
    const double model = f.opb_model > 0 ? f.flops / f.opb_model : 0;       // the book: every load from DRAM
    const double scale = std::max({issued, model, m.global_load_bytes, m.l2_read_bytes, m.dram_read_bytes, 1.0});
    chart_row("global loads the kernel issues", issued, "counted", m.global_load_bytes, palette::kTapGlobal.rgba,
              scale);
    chart_row("missed L1: read from L2", 0, "", m.l2_read_bytes, palette::kHalo.rgba, scale);
    chart_row("missed L2: read from DRAM", model, "book model", m.dram_read_bytes, palette::kGhost.rgba, scale);
    disabled_wrapped(
        "Outlined: the exact count of the code's loads, and the book's model, which assumes every load "
        "reaches DRAM. Filled: what the counters saw; L1 moves whole 32-byte sectors, so a row of loads "
        "that starts inside a sector costs a sector more than it asks for. What L1 and L2 kept back is "
        "the traffic the caches removed that the model charges for.");
  }
  ImGui::Checkbox("measure each new launch", &measure);
  ImGui::SameLine();
  if (ImGui::Button("measure again")) measure_again = true;
  disabled_wrapped(
      "  once per strategy and parameters, beside the frames: the same launch on data of its own, each "
      "profiler pass between two frames");
}

}  // namespace tilescope
