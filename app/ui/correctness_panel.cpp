#include <imgui.h>

#include "app/ui/panels.hpp"

namespace tilescope {

bool correctness_panel(const Conv2dPipeline& pipeline) {
  if (auto err = pipeline.max_abs_error()) {
    const bool ok = *err <= pipeline.tolerance();
    ImGui::TextColored(ok ? ImVec4(0.35f, 0.85f, 0.5f, 1) : ImVec4(1, 0.4f, 0.3f, 1), "%s", ok ? "matches" : "DIFFERS");
    ImGui::SameLine();
    ImGui::Text("max |out - CPU reference| = %.3g (tolerance %.2g)", *err, pipeline.tolerance());
  } else {
    ImGui::TextDisabled("not checked yet");
  }
  ImGui::TextDisabled("checked when parameters change, every frame in the diff view");
  return ImGui::Button("check now");
}

}  // namespace tilescope
