#include <imgui.h>

#include "app/ui/panels.hpp"
#include "app/ui/widgets.hpp"
#include "kernels/traffic.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

void opb_panel(const UiState& s) {
  const Conv2dParams& p = s.params;
  if (conv2d_problem(p)) {
    ImGui::TextDisabled("(no model: these parameters cannot run)");
    return;
  }
  const BookModel m = book_model(p);
  const TrafficCount c = exact_traffic(p);
  book_model_lines(m, c, "tile", "image");

  // PMPP's table at this radius: the tile sizes of the book, this strategy, current row marked.
  ImGui::Text("PMPP table, %dx%d filter:", p.filter_dim(), p.filter_dim());
  if (ImGui::BeginTable("pmpp", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("tile");
    ImGui::TableSetupColumn("model");
    ImGui::TableSetupColumn("counted");
    ImGui::TableSetupColumn("bound");
    ImGui::TableHeadersRow();
    for (int tile : {8, 16, 32}) {
      Conv2dParams row = p;
      row.tile = tile;
      ImGui::TableNextRow();
      if (tile == p.tile) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(0, 114, 178, 160));
      ImGui::TableNextColumn();
      ImGui::Text("%d", tile);
      if (conv2d_problem(row)) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("n/a");
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        continue;
      }
      const BookModel rm = book_model(row);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", book_round(rm.opb_model));
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", book_round(exact_traffic(row).opb()));
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", rm.opb_bound);
    }
    ImGui::EndTable();
  }
}

}  // namespace tilescope
