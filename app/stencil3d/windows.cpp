// The stencil3d view's floating windows: the inspector (the focused cell, its block and thread,
// and which z planes the block holds where) and the legend of the colours on screen.
#include <imgui.h>

#include <algorithm>

#include "app/stencil3d/break_trace.hpp"
#include "app/stencil3d/panels.hpp"
#include "app/stencil3d/slice_overlays.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/swatch.hpp"
#include "app/view/palette.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/steps.hpp"

namespace tilescope {
namespace {

// The block's z extent around the shown slice, one row per plane: halo planes (loaded, never
// computed), output planes, and for a marching block computing this slice, where each of the
// 2k+1 planes it reads lives.
void planes_diagram(const Stencil3dParams& p, int bz, int slice) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling a = g.axis(2);
  const int k = p.order, z0 = a.in_origin(bz), z1 = z0 + a.in_tile_dim();
  const int lo = std::max(z0, slice - k - 2), hi = std::min(z1, slice + k + 3);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetFontSize(), w = h * 6;
  for (int z = hi - 1; z >= lo; --z) {
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const bool outside = z < 0 || z >= p.depth, output = a.computes(z - z0) || !a.tiled;
    const ImU32 c = outside ? palette::kGhostUnloaded.rgba : output ? palette::kOutputTile.rgba : palette::kHalo.rgba;
    dl->AddRectFilled({o.x, o.y + 1}, {o.x + w, o.y + h - 1}, (c & 0x00FFFFFFu) | 0xA0000000u);
    if (z == slice) dl->AddRect({o.x - 1, o.y}, {o.x + w + 1, o.y + h}, IM_COL32(255, 255, 255, 255), 0, 0, 2);
    ImGui::Dummy({w, h});
    ImGui::SameLine();
    const char* role = outside        ? "ghost (not loaded)"
                       : output       ? "output plane"
                       : g.temporal() ? "halo plane (early steps computed, not stored)"
                                      : "halo plane (load only)";
    const char* where = "";
    if (g.temporal() && std::abs(z - slice) <= k && !outside) {
      where = z != slice ? "  in each stage's register queue"
                         : "  curr: registers; x by shuffle, y: own rows or a shared plane";
    } else if (g.marches_z() && std::abs(z - slice) <= k && !outside) {
      const bool reg = p.strategy == Stencil3dStrategy::register_tiled, fast = g.fast();
      where = z < slice   ? (reg || fast ? "  prev: registers" : "  prev: shared")
              : z > slice ? (reg || fast ? "  next: registers" : "  next: shared")
                          : (fast  ? "  curr: registers; x by shuffle, y via L1"
                             : reg ? "  curr: shared + own register"
                                   : "  curr: shared");
    }
    ImGui::Text("z=%-4d %s%s", z, role, where);
  }
  if (g.marches_z())
    ImGui::TextDisabled("the block computes planes %d..%d one step at a time", std::max(0, a.out_origin(bz)),
                        std::min(p.depth, a.out_origin(bz) + a.out_tile_dim()) - 1);
}

}  // namespace

void stencil3d_inspector_window(const CommonState& s, const Stencil3dUi& ui, const Rect& area) {
  const auto focus = focus_pixel(s);
  const Stencil3dParams& p = ui.params;
  if (!focus || launch_problem(p)) return;
  const int z = ui.slice;
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling ax = g.axis(0), az = g.axis(2);
  const int bx = ax.block_of(focus->x);
  const StencilAxisTiling ay = g.axis(1, bx);  // fast's last column folds its rows deeper
  const int by = ay.block_of(focus->y), bz = az.block_of(z);
  begin_inspector(area, colour_bar_height());
  ImGui::Text("cell (x, y, z) = (%d, %d, %d)%s", focus->x, focus->y, z, s.pinned ? "  [pinned]" : "");
  const bool boundary = !stencil_interior(focus->x, p.width, p.order) ||
                        !stencil_interior(focus->y, p.height, p.order) || !stencil_interior(z, p.depth, p.order);
  if (boundary)
    ImGui::TextWrapped("boundary cell: keeps its value (no neighbours read)");
  else
    ImGui::Text("reads %d points: 2 x %d per axis + itself", p.points(), p.order);
  ImGui::Text("block (%d, %d, %d)", bx, by, bz);
  if (g.marches_z())
    ImGui::Text("thread (%d, %d), z step %d of the block's loop", ax.thread_of(focus->x), ay.thread_of(focus->y),
                az.thread_of(z));
  else
    ImGui::Text("thread (%d, %d, %d)", ax.thread_of(focus->x), ay.thread_of(focus->y), az.thread_of(z));
  if (ax.vec > 1) {
    const int x0 = ax.cell(bx, ax.thread_of(focus->x));
    const int padding = std::max(0, x0 + ax.vec - p.width);  // past the width: the row's padding
    ImGui::Text("lane %d owns x %d..%d (one float4 load), this is cell %d of them", ax.thread_of(focus->x), x0,
                x0 + ax.vec - 1, focus->x - x0);
    if (const int lanes = g.row_lanes(bx); kFastWarp % lanes) {  // its rows straddle warps
      const int t = ay.thread_of(focus->y) * lanes + ax.thread_of(focus->x);
      ImGui::Text("thread %d of the block: warp %d, lane %d of it", t, t / kFastWarp, t % kFastWarp);
    }
    if (padding)
      ImGui::TextWrapped("its last %d: the row's padding to %d floats (loaded, stored, never read by a cell)", padding,
                         float4_row_pitch(p.width));
  }
  if (p.strategy != Stencil3dStrategy::basic) {
    ImGui::Separator();
    ImGui::TextUnformatted("the block's planes near this slice:");
    planes_diagram(p, bz, z);
  }
  if (ui.bug != Break::none && !break_problem(p.strategy, ui.bug)) break_trace(p, ui.bug, focus->x, focus->y, z);
  end_inspector();
}

void stencil3d_legend_window(const CommonState& s, const Stencil3dUi& ui, float right, float bottom, float width,
                             float top) {
  const Stencil3dParams& p = ui.params;
  const auto focus = focus_pixel(s);
  begin_legend(right, bottom, width, top);
  swatch(palette::kBoundary, true);
  if (s.overlays.tile_grid) swatch(palette::kTileGrid);
  const bool temporal = p.strategy == Stencil3dStrategy::temporal;
  if (focus && !launch_problem(p) && temporal && (s.overlays.block || ui.stepper.on)) {
    swatch(palette::kOutputTile), swatch(palette::kHalo), swatch(palette::kValidRegion),
        swatch(palette::kRedundant, true);
    const Stencil3dTiling g = tiling_of(p);
    const TemporalTiling t = g.temporal_tiling();
    const int bx = t.axis(0).block_of(focus->x), by = t.axis(1).block_of(focus->y);
    const StencilBox in = t.valid_box(bx, by, t.axis(2).block_of(ui.slice), 0);
    if (in.x0 < 0 || in.y0 < 0 || in.x1 > p.width || in.y1 > p.height) swatch(palette::kGhostUnloaded, true);
    if (s.overlays.receptive_field && !ui.stepper.on)
      swatch(palette::kTapRegisters), swatch(palette::kTapShuffle), swatch(palette::kTapShared);
  } else if (focus && !launch_problem(p) && ui.stepper.on && !stencil3d_steps_problem(p.strategy)) {
    // Cells outside the grid are skipped, except register_tiled's copy of a plane (zeros).
    const StencilAxisTiling a = tiling_of(p).axis(0);
    const int bx = a.block_of(focus->x), by = a.block_of(focus->y);
    const bool crosses = a.in_origin(bx) < 0 || a.in_origin(by) < 0 || a.in_origin(bx) + a.in_tile_dim() > p.width ||
                         a.in_origin(by) + a.in_tile_dim() > p.height;
    swatch(palette::kOutputTile), swatch(palette::kHalo);
    const bool shared = p.strategy != Stencil3dStrategy::basic;
    step_swatches(shared, crosses && p.strategy == Stencil3dStrategy::register_tiled, shared);
  } else if (focus && !launch_problem(p)) {
    if (s.overlays.block) {
      swatch(palette::kOutputTile);
      if (p.strategy == Stencil3dStrategy::fast) {
        swatch(palette::kHaloCached);
      } else if (p.strategy != Stencil3dStrategy::basic) {
        swatch(palette::kHalo);
        const StencilAxisTiling a = tiling_of(p).axis(0);
        const int bx = a.block_of(focus->x), by = a.block_of(focus->y);
        if (a.tiled && (a.in_origin(bx) < 0 || a.in_origin(by) < 0 || a.in_origin(bx) + a.tile > p.width ||
                        a.in_origin(by) + a.tile > p.height))
          swatch(palette::kGhostUnloaded, true);
      }
    }
    if (s.overlays.receptive_field) {
      if (p.strategy == Stencil3dStrategy::fast) {
        swatch(palette::kTapRegisters);
        swatch(palette::kTapShuffle);
        swatch(palette::kTapGlobal);
      } else {
        if (p.strategy == Stencil3dStrategy::basic)
          swatch(palette::kTapGlobal);
        else
          swatch(palette::kTapShared);
        if (p.strategy == Stencil3dStrategy::register_tiled) swatch(palette::kTapRegisters);
      }
    }
  } else {
    ImGui::TextDisabled("hover (or click to pin) a cell to see its block and neighbours");
  }
  if (break_legend(p, ui.bug)) ImGui::TextDisabled("the slice: one broken step from the live heat");
  end_legend();
}

}  // namespace tilescope
