#include <imgui.h>

#include <cstdint>

#include "app/ui/panels.hpp"
#include "app/ui/swatch.hpp"
#include "app/view/overlays.hpp"
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
  const bool sliding = p.strategy == Conv2dStrategy::sliding;
  if (s.overlays.tile_grid) swatch(sliding ? palette::kWarpGrid : palette::kTileGrid);
  if (focus && valid) {
    const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
    const int bx = gx.block_of(focus->x), by = gy.block_of(focus->y);
    if (s.overlays.block) {
      swatch(sliding ? palette::kWarpTile : palette::kOutputTile);
      swatch(palette::kHalo);
      const bool crosses_edge = gx.in_origin(bx) < 0 || gy.in_origin(by) < 0 ||
                                gx.in_origin(bx) + gx.in_tile_dim() > p.width || gy.in_origin(by) + gy.in_tile_dim() > p.height;
      if (crosses_edge) swatch(palette::kGhost, true);
      if (p.strategy == Conv2dStrategy::tiled_in) swatch(palette::kLoadOnly);
      if (gx.shared_halo() != p.filter_radius || gy.shared_halo() != p.filter_radius)
        swatch(sliding ? palette::kWarpLoads : palette::kStagedTile);
    }
    if (s.overlays.receptive_field) {
      bool seen[4] = {}, own = false, shuffled = false;
      for (int dy = -p.filter_radius; dy <= p.filter_radius; ++dy)
        for (int dx = -p.filter_radius; dx <= p.filter_radius; ++dx) {
          const int x = focus->x + dx;
          const TapSource t = tap_source(gx, gy, p.width, p.height, bx, by, x, focus->y + dy);
          seen[int(t)] = true;
          const std::uint32_t colour = sliding_tap_colour(p, gx, focus->x, x, t);
          own |= colour == palette::kTapRegisters.rgba;
          shuffled |= colour == palette::kTapShuffle.rgba;
        }
      if (sliding) {
        if (own) swatch(palette::kTapOwnLane);
        if (shuffled) swatch(palette::kTapOtherLane);
        if (seen[int(TapSource::ghost_shared)]) swatch(palette::kTapGhostRegister, true);
        swatch(palette::kLaneStrip), swatch(palette::kLaneWindow), swatch(palette::kMarch);
      } else {
        if (seen[int(TapSource::shared)]) swatch(palette::kTapShared);
        if (seen[int(TapSource::global)]) swatch(palette::kTapGlobal);
        if (seen[int(TapSource::ghost_shared)]) swatch(palette::kTapGhostShared, true);
        if (seen[int(TapSource::ghost_skipped)]) swatch(palette::kTapGhostSkipped, true);
        if (gx.outputs_per_thread() > 1) swatch(palette::kThreadPatch), swatch(palette::kThreadWindow);
      }
    }
  } else {
    ImGui::TextDisabled("hover (or click to pin) a pixel to see its block and taps");
  }
  if (s.view == ViewMode::split) ImGui::TextDisabled("split: input left | output right");
  if (s.view == ViewMode::diff) ImGui::TextDisabled("diff: dark = equal to the CPU reference, yellow = differs");
  ImGui::End();
}

}  // namespace tilescope
