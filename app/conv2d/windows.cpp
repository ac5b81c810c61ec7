#include <imgui.h>
#include <cstdint>

#include "app/conv2d/break_trace.hpp"
#include "app/conv2d/figures.hpp"
#include "app/conv2d/legend.hpp"
#include "app/conv2d/overlays.hpp"
#include "app/conv2d/panels.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/swatch.hpp"
#include "app/view/palette.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/steps.hpp"

namespace tilescope {

namespace {

const char* load_story(Conv2dStrategy s) {
  switch (s) {
    case Conv2dStrategy::basic: return "no shared memory: every tap and weight is a global load";
    case Conv2dStrategy::const_mem: return "no shared memory: every tap is a global load, weights from constant memory";
    case Conv2dStrategy::tiled_in: return "each thread loads one input-tile cell; the halo ring then idles";
    case Conv2dStrategy::tiled_out: return "threads loop over the larger input tile, halo included";
    case Conv2dStrategy::cached_halo: return "tile cells in shared memory, halo taps from global memory (L2)";
    case Conv2dStrategy::fast: return "float4 cp.async into shared; each thread's window rows into registers";
    case Conv2dStrategy::sliding:
      return "each input row once into registers, halo columns by shuffle (odd widths: a shared stage)";
    case Conv2dStrategy::separable:
      return "float4 cp.async into shared; a row pass into a shared intermediate, a barrier, a column pass";
  }
  return "";
}

}  // namespace

void conv2d_inspector_window(const CommonState& s, const Conv2dUi& ui, const Rect& area) {
  const auto focus = focus_pixel(s);
  if (!focus || !conv2d_runs(ui)) return;
  const Conv2dParams& p = ui.params;
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const Conv2dFocus f = conv2d_focus(p, focus->x, focus->y);
  const int bx = f.tile_x, by = f.tile_y;
  begin_inspector(area);
  ImGui::Text("output pixel (%d, %d)%s", focus->x, focus->y, s.pinned ? "  [pinned: click to release]" : "");
  if (p.strategy == Conv2dStrategy::sliding) {
    // The geometry's tile is a warp's; a CUDA block holds several of them side by side.
    ImGui::Text("blockIdx  (%d, %d)   threadIdx.x %d: warp %d, lane %d", f.block_x, f.block_y, f.thread_x,
                f.warp_in_block, f.tile_lane);
    ImGui::Text("the lane owns columns %d..%d of rows %d..%d; this is row %d of its march (%s)", f.patch.x0,
                f.patch.x1 - 1, f.strip_y0, f.strip_y0 + f.strip_rows - 1, f.march_row,
                f.marches_up ? "upwards" : "downwards");
    ImGui::Text("it reads %d input rows once each (a float4 per row) for %lld FMAs: %d sums in flight", f.window_h,
                f.fmas, p.filter_dim());
  } else {
    const int linear = f.warp * 32 + f.lane;
    ImGui::Text("blockIdx  (%d, %d)   threadIdx (%d, %d)", f.block_x, f.block_y, f.thread_x, f.thread_y);
    ImGui::Text("warp %d, lane %d   (thread %d of %d)", f.warp, f.lane, linear, f.threads_per_block);
  }
  if (const int k = gx.outputs_per_thread(); k > 1 && p.strategy != Conv2dStrategy::sliding) {
    const int ky = gy.outputs_per_thread();
    ImGui::Text("output (%d, %d) of the thread's %dx%d patch x %d..%d, y %d..%d", f.output_x, f.output_y, k, ky,
                f.patch.x0, f.patch.x1 - 1, f.patch.y0, f.patch.y1 - 1);
    if (gx.separable())
      ImGui::Text(
          "row pass: %d units of %d intermediate cells; column pass: %d intermediate rows of its %d columns; "
          "%lld FMAs in all (2D: %lld)",
          f.row_pass_units, kFastCoarsening, f.window_h, k, f.fmas,
          static_cast<long long>(k) * ky * p.filter_dim() * p.filter_dim());
    else
      ImGui::Text("its %dx%d input window is read once from shared into registers for %lld FMAs", f.window_w,
                  f.window_h, f.fmas);
  }
  if (moves_float4_rows(p.strategy)) {  // the CUDA engine's rows: padded to a float4 (geometry.hpp)
    const int x0 = gx.out_coord(bx, gx.thread_of(focus->x)), pitch = conv2d_row_pitch(p.strategy, p.width);
    if (const int padding = x0 + kFloat4 - p.width; padding > 0)
      ImGui::TextWrapped(
          "on the GPU its last %d columns (x %d..%d) are the row's padding to %d floats: loaded and "
          "stored as part of a float4, never read by an output",
          padding, p.width, x0 + kFloat4 - 1, pitch);
  }
  int count[4] = {};
  for (int dy = -p.filter_radius; dy <= p.filter_radius; ++dy)
    for (int dx = -p.filter_radius; dx <= p.filter_radius; ++dx)
      ++count[int(tap_source(gx, gy, p.width, p.height, bx, by, focus->x + dx, focus->y + dy))];
  const bool registers = p.strategy == Conv2dStrategy::sliding;
  ImGui::Separator();
  const char* ghosts = count[2] + count[3] == 0 ? ""
                       : count[2]               ? (registers ? " (zeros loaded)" : " (zeros read from shared)")
                                                : " (skipped)";
  if (gx.separable())  // the column pass reads 2r+1 intermediate values, their row passes the (2r+1)^2 inputs
    ImGui::TextWrapped(
        "its %d column taps read the intermediate; their row passes read %d inputs: %d shared, %d ghost%s",
        p.filter_dim(), p.filter_dim() * p.filter_dim(), count[0], count[2] + count[3], ghosts);
  else
    ImGui::TextWrapped("its %d taps: %d %s, %d global, %d ghost%s", p.filter_dim() * p.filter_dim(), count[0],
                       registers ? "in registers" : "shared", count[1], count[2] + count[3], ghosts);
  const TrafficCount b = block_traffic(p, bx, by);
  ImGui::Text("this %s: %lld global loads into %s, %lld halo/global taps", registers ? "warp" : "block",
              static_cast<long long>(b.tile_loads), registers ? "registers" : "shared",
              static_cast<long long>(b.taps_global));
  ImGui::Text("            %lld outputs, %.2f OP/B", static_cast<long long>(b.outputs), book_round(b.opb()));
  ImGui::TextDisabled("%s", load_story(p.strategy));
  if (ui.bug != Break::none && !break_problem(p.strategy, ui.bug)) break_trace(p, ui.bug, *focus);
  end_inspector();
}

void conv2d_legend_window(const CommonState& s, const Conv2dUi& ui, float right, float bottom, float width, float top) {
  // Only the colours on screen now: the grid, and what the focused pixel and its block show.
  const Conv2dParams& p = ui.params;
  const bool valid = conv2d_runs(ui);
  begin_legend(right, bottom, width, top);
  const auto focus = focus_pixel(s);
  if (focus && valid && ui.stepper.on && !conv2d_steps_problem(p.strategy)) {
    // The step-through draws instead of the block and taps overlays (app/conv2d/step_overlay.hpp).
    if (s.overlays.tile_grid) swatch(palette::kTileGrid);
    const Conv2dBlockRects rects =
        conv2d_block_rects(p, tiling_of(p, 0).block_of(focus->x), tiling_of(p, 1).block_of(focus->y));
    swatch(palette::kOutputTile), swatch(palette::kHalo);
    const CellRect staged = rects.staged;  // the shared tile (basic, const_mem: none)
    step_swatches(tiling_of(p, 0).shared_dim() > 0,
                  staged.x0 < 0 || staged.y0 < 0 || staged.x1 > p.width || staged.y1 > p.height,
                  rects.has_load_only_ring);
    swatch(palette::kFilterRow);
  } else {
    for (const LegendEntry& e : conv2d_legend(s, ui)) swatch({e.rgba, e.name.c_str()}, e.hatched);
    if (!focus || !valid) ImGui::TextDisabled("hover (or click to pin) a pixel to see its block and taps");
  }
  if (ui.bug != Break::none && valid && !break_problem(p.strategy, ui.bug)) {
    ImGui::Text("broken: %s", break_info(ui.bug).name.data());
    ImGui::TextDisabled("%s", break_info(ui.bug).what.data());
  }
  if (ui.view == ViewMode::split) ImGui::TextDisabled("split: input left | output right");
  if (ui.view == ViewMode::diff) ImGui::TextDisabled("diff: dark = equal to the CPU reference, yellow = differs");
  end_legend();
}

}  // namespace tilescope
