#include "app/stencil3d/temporal_tile_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/stencil3d/iso.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {

void temporal_tile_panel(const Stencil3dParams& p, const Stencil3dModel& m) {
  const TemporalTiling t = tiling_of(p).temporal_tiling();
  const int S = t.fused;
  const StencilAxisTiling ax = t.axis(0), ay = t.axis(1), az = t.axis(2);
  // A long z chunk is drawn shortened to its halos and a few output planes (it would be a needle).
  const int shown_planes = std::min(az.out_tile_dim(), 16);
  const float depth = float(shown_planes + 2 * az.halo());
  const float side = ImGui::GetFontSize() * 7, width = side * 1.8f;
  const float across = float(ax.tile) + depth,
              scale = std::min(width / (across * 0.866f), side * 1.3f / (ay.tile + across / 2));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const Iso iso{{o.x + (width - across * 0.866f * scale) / 2 + depth * 0.866f * scale, o.y + ay.tile * scale + 4},
                scale};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Step s's region is s k inside the input tile along y and z; along x the output tile's 56 columns
  // lie one float4 inside it, and step s's s k.
  const float z_cut = float(az.out_tile_dim() - shown_planes);  // output planes left out of the drawing
  for (int s = 0; s <= S; ++s) {
    const float in = float(s * p.order), zin = in;
    const ImU32 face =
        s == 0 ? with_alpha(palette::kHalo.rgba, 60) : with_alpha(palette::kValidRegion.rgba, 35 + 25 * s);
    iso.box(dl, in, in, zin, float(ax.tile) - 2 * in, float(ay.tile) - 2 * in, depth - 2 * zin, face,
            s == 0 ? palette::kHalo.rgba : palette::kValidRegion.rgba);
  }
  iso.box(dl, float(ax.halo()), float(ay.halo()), float(az.halo()), float(ax.out_tile_dim()), float(ay.out_tile_dim()),
          float(shown_planes), with_alpha(palette::kOutputTile.rgba, 220), palette::rgba(255, 255, 255, 200));
  ImGui::Dummy({width, (ay.tile + across / 2) * scale + 8});
  ImGui::TextWrapped(
      "fused block: %d threads (%d x %d; each a float4 in %d rows) load an input tile of %d x %d columns x %d planes "
      "(orange: a halo of %d rows and planes, one float4 of columns), and advance it %d step%s on chip. Blue: "
      "step s's valid region, %d cells narrower per side each step; white: the output tile, %d x %d x %d, written "
      "once.%s",
      t.axis(0).threads() * t.axis(1).threads(), t.axis(0).threads(), t.axis(1).threads(), kTemporalRowsPerThread,
      ax.tile, ay.tile, az.tile, t.halo(), S, S > 1 ? "s" : "", p.order, ax.out_tile_dim(), ay.out_tile_dim(),
      az.out_tile_dim(), z_cut > 0 ? " (z drawn shortened)" : "");
  ImGui::TextColored({1.0f, 0.75f, 0.3f, 1.0f}, "redundant: %lld of %lld updates (%.0f%%)",
                     static_cast<long long>(m.redundant_updates), static_cast<long long>(m.updates),
                     m.updates ? 100.0 * double(m.redundant_updates) / double(m.updates) : 0.0);
  ImGui::TextWrapped(
      "a neighbouring block computes those cells too: the price of moving the grid through DRAM once per %d steps "
      "(%.2f bytes loaded per output per step).",
      S, m.load_bytes_per_step());
}

}  // namespace tilescope
