#include "app/ui/roofline.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace tilescope {

// Log-log roofline: attainable GFLOP/s = min(peak FP32, bandwidth x OP/B), and this launch.
void roofline(const DevicePeaks& peaks, double opb, double gflops, double copy_gbs) {
  const ImVec2 size{ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 9};
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + size.x, o.y + size.y}, IM_COL32(20, 20, 24, 255));
  const double x0 = std::log10(0.1), x1 = std::log10(100.0);  // OP/B axis
  const double y1 = std::log10(peaks.fp32_gflops * 2), y0 = y1 - 4;
  auto px = [&](double opb_value) { return o.x + float((std::log10(opb_value) - x0) / (x1 - x0)) * size.x; };
  auto py = [&](double g) { return o.y + size.y - float((std::log10(std::max(g, 1e-9)) - y0) / (y1 - y0)) * size.y; };
  for (double v = 0.1; v <= 100.0; v *= 10) dl->AddLine({px(v), o.y}, {px(v), o.y + size.y}, IM_COL32(60, 60, 70, 255));
  const double ridge = peaks.fp32_gflops / peaks.bandwidth_gbs;
  dl->AddLine({px(0.1), py(0.1 * peaks.bandwidth_gbs)}, {px(ridge), py(peaks.fp32_gflops)}, IM_COL32(230, 159, 0, 255),
              2);
  dl->AddLine({px(ridge), py(peaks.fp32_gflops)}, {px(100), py(peaks.fp32_gflops)}, IM_COL32(230, 159, 0, 255), 2);
  if (copy_gbs > 0) {
    const double copy_ridge = peaks.fp32_gflops / copy_gbs;
    dl->AddLine({px(0.1), py(0.1 * copy_gbs)}, {px(copy_ridge), py(peaks.fp32_gflops)}, IM_COL32(220, 220, 220, 255),
                1.5f);
  }
  if (opb > 0 && gflops > 0) {
    dl->AddCircleFilled({px(opb), py(gflops)}, 5, IM_COL32(86, 180, 233, 255));
    dl->AddCircle({px(opb), py(gflops)}, 6, IM_COL32(255, 255, 255, 255));
  }
  dl->AddText({o.x + 4, o.y + 2}, IM_COL32(200, 200, 200, 255), "GFLOP/s (log)");
  dl->AddText({o.x + size.x - ImGui::CalcTextSize("OP/B 0.1..100").x - 4, o.y + size.y - ImGui::GetFontSize() - 2},
              IM_COL32(200, 200, 200, 255), "OP/B 0.1..100");
  ImGui::Dummy(size);
  ImGui::TextDisabled("roof (orange): %.0f GB/s x OP/B, capped at %.0f GFLOP/s FP32", peaks.bandwidth_gbs,
                      peaks.fp32_gflops);
  if (copy_gbs > 0) ImGui::TextDisabled("white: the measured copy, %.0f GB/s x OP/B", copy_gbs);
}

}  // namespace tilescope
