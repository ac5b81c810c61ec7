#include "app/ui/correctness.hpp"

#include <imgui.h>

#include "kernels/common/tolerance.hpp"

namespace tilescope {

bool reference_check_panel(std::optional<double> err, double tolerance, const char* output, const char* when) {
  if (err) {
    const bool ok = within_tolerance(*err, tolerance);
    ImGui::TextColored(ok ? ImVec4(0.35f, 0.85f, 0.5f, 1) : ImVec4(1, 0.4f, 0.3f, 1), "%s", ok ? "matches" : "DIFFERS");
    ImGui::SameLine();
    ImGui::Text("max |%s - CPU reference| = %.3g (tolerance %.2g)", output, *err, tolerance);
  } else {
    ImGui::TextDisabled("not checked yet");
  }
  ImGui::TextDisabled("%s", when);
  return ImGui::Button("check now");
}

}  // namespace tilescope
