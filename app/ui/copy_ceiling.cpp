#include "app/ui/copy_ceiling.hpp"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

namespace tilescope {

double copy_ceiling_ms(const Backend& backend, double traffic) {
  static std::map<std::pair<std::string, double>, double> measured;  // one copy timing per backend and size
  const auto key = std::make_pair(backend.name(), traffic);
  if (auto it = measured.find(key); it != measured.end()) return it->second;
  std::vector<double> ms = backend.time_copy(std::size_t(traffic / 2), 6);  // read + write = traffic
  ms.erase(ms.begin());                                                     // warm-up
  std::sort(ms.begin(), ms.end());
  return measured[key] = ms[ms.size() / 2];
}

double copy_ceiling_line(const Backend& backend, double traffic, double kernel_ms) {
  const double copy_ms = copy_ceiling_ms(backend, traffic), gbs = traffic / copy_ms * 1e-6;
  ImGui::Text("copy ceiling %.3f ms", copy_ms);
  if (kernel_ms > 0) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.34f, 0.71f, 0.91f, 1.0f), "kernel at %.0f%%", 100.0 * copy_ms / kernel_ms);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A copy of the same bytes (read once, written once) takes %.3f ms here: %.0f GB/s.\n"
        "A memory-bound kernel can approach that time, not beat it.",
        copy_ms, gbs);
  return gbs;
}

}  // namespace tilescope
