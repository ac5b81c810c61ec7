#include <imgui.h>

#include "app/ui/panels.hpp"
#include "app/ui/swatch.hpp"
#include "app/view/palette.hpp"
#include "kernels/conv2d_geometry.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

void legend_window(const UiState& s, float right, float bottom) {
  // Only the colours on screen now: the grid, and what the focused pixel and its block show.
  const auto focus = focus_pixel(s);
  const Conv2dParams& p = s.params;
  const bool valid = !conv2d_problem(p);
  ImGui::SetNextWindowPos({right, bottom}, ImGuiCond_Always, {1.0f, 1.0f});
  ImGui::SetNextWindowBgAlpha(0.88f);
  ImGui::Begin("Legend", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  if (s.overlays.tile_grid) swatch(palette::kTileGrid);
  if (focus && valid) {
    const Conv2dTiling g = tiling_of(p);
    const int bx = g.block_of(focus->x), by = g.block_of(focus->y);
    if (s.overlays.block) {
      swatch(palette::kOutputTile);
      swatch(palette::kHalo);
      const bool crosses_edge = g.in_origin(bx) < 0 || g.in_origin(by) < 0 ||
                                g.in_origin(bx) + g.in_tile_dim() > p.width || g.in_origin(by) + g.in_tile_dim() > p.height;
      if (crosses_edge) swatch(palette::kGhost, true);
      if (p.strategy == Conv2dStrategy::tiled_in) swatch(palette::kLoadOnly);
      if (g.shared_halo() != p.filter_radius) swatch(palette::kStagedTile);
    }
    if (s.overlays.receptive_field) {
      bool seen[4] = {};
      for (int dy = -p.filter_radius; dy <= p.filter_radius; ++dy)
        for (int dx = -p.filter_radius; dx <= p.filter_radius; ++dx)
          seen[int(tap_source(g, p.width, p.height, bx, by, focus->x + dx, focus->y + dy))] = true;
      if (seen[int(TapSource::shared)]) swatch(palette::kTapShared);
      if (seen[int(TapSource::global)]) swatch(palette::kTapGlobal);
      if (seen[int(TapSource::ghost_shared)]) swatch(palette::kTapGhostShared, true);
      if (seen[int(TapSource::ghost_skipped)]) swatch(palette::kTapGhostSkipped, true);
      if (g.outputs_per_thread() > 1) swatch(palette::kThreadPatch), swatch(palette::kThreadWindow);
    }
  } else {
    ImGui::TextDisabled("hover (or click to pin) a pixel to see its block and taps");
  }
  if (s.view == ViewMode::split) ImGui::TextDisabled("split: input left | output right");
  if (s.view == ViewMode::diff) ImGui::TextDisabled("diff: dark = equal to the CPU reference, yellow = differs");
  ImGui::End();
}

}  // namespace tilescope
