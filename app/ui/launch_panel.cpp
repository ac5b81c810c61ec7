#include <imgui.h>

#include "app/ui/panels.hpp"
#include "kernels/launch_geometry.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

void launch_panel(const UiState& s, const Conv2dPipeline& pipeline) {
  if (conv2d_problem(s.params, pipeline.backend().limits())) {
    ImGui::TextDisabled("(nothing launched)");
    return;
  }
  const LaunchGeometry l = launch_geometry(s.params);
  ImGui::Text("grid      %d x %d = %d blocks", l.grid.x, l.grid.y, l.grid.x * l.grid.y);
  ImGui::Text("block     %d x %d = %d threads", l.block.x, l.block.y, l.threads_per_block);
  ImGui::Text("computing %d of %d threads per block (%.0f%%)", l.active_threads_per_block, l.threads_per_block,
              100.0 * l.active_threads_per_block / l.threads_per_block);
  ImGui::Text("tiles     input %d x %d, output %d x %d", l.in_tile_dim, l.in_tile_dim_y, l.out_tile_dim, l.out_tile_dim_y);
  ImGui::Text("shared    %zu B per block", l.shared_bytes);
  ImGui::Text("constant  %zu B (the filter)", l.constant_bytes);
  if (auto blocks = pipeline.backend().blocks_per_sm(s.params)) {
    const int resident = *blocks * l.threads_per_block, max = pipeline.backend().limits().max_threads_per_sm;
    ImGui::Text("occupancy %d blocks/SM = %d of %d threads (%.0f%%)", *blocks, resident, max, 100.0 * resident / max);
  } else {
    ImGui::TextDisabled("occupancy: CUDA backend only");
  }
}

}  // namespace tilescope
