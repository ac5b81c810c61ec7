#include <imgui.h>

#include "app/ui/panels.hpp"
#include "app/view/palette.hpp"

namespace tilescope {
namespace {

void swatch(const palette::Swatch& s, bool hatched = false) {
  const float h = ImGui::GetFontSize();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + 1.6f * h, o.y + h}, s.rgba);
  if (hatched) {
    dl->PushClipRect(o, {o.x + 1.6f * h, o.y + h}, true);
    for (float x = o.x - h; x < o.x + 1.6f * h; x += 6) dl->AddLine({x, o.y + h}, {x + h, o.y}, IM_COL32(20, 20, 20, 255), 1.5f);
    dl->PopClipRect();
  }
  ImGui::Dummy({1.6f * h, h});
  ImGui::SameLine();
  ImGui::TextUnformatted(s.name);
}

}  // namespace

void legend_window(const UiState& s, float right, float bottom) {
  ImGui::SetNextWindowPos({right, bottom}, ImGuiCond_Always, {1.0f, 1.0f});
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin("Legend", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  if (s.overlays.tile_grid) swatch(palette::kTileGrid);
  if (s.overlays.block) {
    swatch(palette::kOutputTile);
    swatch(palette::kHalo);
    swatch(palette::kGhost, true);
    if (s.params.strategy == Conv2dStrategy::tiled_in) swatch(palette::kLoadOnly);
  }
  if (s.overlays.receptive_field) {
    swatch(palette::kTapShared);
    swatch(palette::kTapGlobal);
    swatch(palette::kTapGhostShared, true);
    swatch(palette::kTapGhostSkipped, true);
  }
  if (s.view == ViewMode::split) ImGui::TextDisabled("split: input left | output right");
  if (s.view == ViewMode::diff) ImGui::TextDisabled("diff: dark = equal to the CPU reference, yellow = differs");
  ImGui::End();
}

}  // namespace tilescope
