#include "app/stencil3d/panels.hpp"
#include "app/stencil3d/figures.hpp"
#include "app/stencil3d/iso.hpp"
#include "app/stencil3d/temporal_tile_panel.hpp"
#include "app/ui/widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/ui/copy_ceiling.hpp"
#include "app/ui/correctness.hpp"
#include "app/ui/timing.hpp"
#include "app/view/cell_draw.hpp"
#include "app/view/palette.hpp"
#include "kernels/common/block_steps.hpp"
#include "kernels/common/traffic.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {
namespace {

constexpr const char* kCoeffs[] = {"heat", "laplacian", "random:1"};
constexpr const char* kBackends[] = {"auto", "cuda", "cpu"};

void warp_rows(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling ax = g.axis(0);
  if (p.strategy == Stencil3dStrategy::fast) {
    const int lanes = ax.threads();
    if (lanes == kFastWarp)
      ImGui::TextWrapped(
          "warp 0 reads a row of %d x %d consecutive floats per load: %d bytes (coalesced, %d bytes "
          "per thread).",
          lanes, ax.vec, 4 * lanes * ax.vec, 4 * ax.vec);
    else
      ImGui::TextWrapped(
          "rows of %d lanes (%d cells), end to end, %d to a block: width %d would leave most of each warp's "
          "128-cell row idle. Warp 0 reads %d consecutive floats per load (%d bytes, coalesced); a row that "
          "goes on in the next warp loads the neighbours that warp holds (fast_row_lanes).",
          lanes, lanes * ax.vec, g.axis(1).tile, p.width, kFastWarp * ax.vec, 4 * kFastWarp * ax.vec);
    // the float4s of each row that hold cells from the last column on
    const int last = ax.grid_dim(p.width) - 1, left = float4_row_pitch(p.width) / ax.vec - last * kFastWarp;
    if (const int folded = g.row_lanes(last); last > 0 && folded < kFastWarp)
      ImGui::TextWrapped(
          "the last column (x from %d) holds %d float4%s of each row: its blocks fold their 256 threads "
          "into rows of %d lane%s, %d deep, instead of idling %d of 32 lanes (fast_row_lanes).",
          ax.out_origin(last), left, left > 1 ? "s" : "", folded, folded > 1 ? "s" : "", g.axis(1, last).tile,
          kFastWarp - left);
    if (const int moved = float4_row_pitch(p.width); moved != p.width)
      ImGui::TextWrapped(
          "width %d is not a multiple of 4, so on CUDA the grid's rows are padded to %d floats (as "
          "cudaMallocPitch pads): every row then starts 16-byte aligned for the float4s. fast moves the padding "
          "too, %.1f%% more than the grid's bytes, which the copy ceiling does not count.",
          p.width, moved, 100.0 * (moved - p.width) / p.width);  // grids up to 512: at least 0.2%
    return;
  }
  // Warp 0 = threads 0..31 in threadIdx.x-fastest order: thread i sits at (i % T, i / T).
  const int t = p.tile, rows = (std::min(32, t * t) + t - 1) / t;
  const float cell = ImGui::GetFontSize() * 0.62f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < std::min(32, t * t); ++i) {  // alternating shades: one per tile row
    const float x = o.x + i * (cell + 1);
    dl->AddRectFilled({x, o.y}, {x + cell, o.y + cell},
                      (i / t) % 2 ? IM_COL32(120, 120, 130, 255) : IM_COL32(235, 235, 240, 255));
    if (i % t == 0 && i > 0) dl->AddLine({x - 1, o.y - 3}, {x - 1, o.y + cell + 3}, IM_COL32(230, 159, 0, 255), 2);
  }
  ImGui::Dummy({32 * (cell + 1), cell});
  if (rows > 1)
    ImGui::TextWrapped(
        "above: warp 0 (threads 0-31) covers %d rows of %d cells: %d separate %d-byte pieces of memory, a "
        "grid row (%d B) apart. Coalescing wants 32 consecutive floats (T >= 32).",
        rows, t, rows, 4 * t, 4 * p.width);
  else
    ImGui::TextWrapped("above: warp 0 reads one row of 32 consecutive floats: one 128-byte transaction (coalesced).");
}

// How this frame's steps ran: launches of params.steps (fused by temporal, swept by the others), and
// where the frame budget cut them short.
void frame_steps_line(const Stencil3dUi& st, const HeatSimulation& sim, double budget_ms) {
  const Stencil3dParams& p = st.params;
  if (p.strategy == Stencil3dStrategy::temporal) {
    const int kernels = temporal_passes(p.steps, p.order), fused = temporal_pass_steps(p.steps, p.order, 0);
    ImGui::TextDisabled("  in runs of %d step%s: %d kernel%s fusing %d step%s%s (order %d fuses at most %d)", p.steps,
                        p.steps > 1 ? "s" : "", kernels, kernels > 1 ? "s" : "", fused, fused > 1 ? "s" : "",
                        kernels > 1 ? " each at most" : "", p.order, temporal_max_fused(p.order));
  } else {
    ImGui::TextDisabled("  in runs of %d step%s: one sweep (kernel) a step", p.steps, p.steps > 1 ? "s" : "");
  }
  if (sim.frame_launches() > 0 && sim.frame_steps() < st.iterations)
    warning_wrapped(step_text("the last frame ran %d of its %d steps: a frame spends at most %.0f ms launching, "
                              "so the simulation slows down, not the window",
                              sim.frame_steps(), st.iterations, budget_ms)
                        .c_str());
}

}  // namespace

void stencil3d_controls_panel(CommonState& s, Stencil3dUi& ui, const HeatSimulation& sim) {
  Stencil3dUi& st = ui;
  const Stencil3dStrategyInfo& info = strategy_info(st.params.strategy);
  if (ImGui::BeginCombo("strategy", info.display_name.data())) {
    for (int i = 0; i < kStencil3dStrategyCount; ++i) {
      const Stencil3dStrategyInfo& option = strategy_table<Stencil3dStrategy>()[i];
      if (ImGui::Selectable(option.display_name.data(), option.id == st.params.strategy))
        select_strategy(ui, option.id);
    }
    ImGui::EndCombo();
  }
  ImGui::TextColored({0.55f, 0.75f, 1.0f, 1.0f}, "%s  (%s)", info.book_ref.data(), info.name.data());
  ImGui::TextWrapped("%s", info.explanation.data());
  const char* order_formats[] = {"", "k = 1 (7 points)", "k = 2 (13 points)", "k = 3 (19 points)"};
  ImGui::SliderInt("order", &st.params.order, 1, kMaxStencil3dRadius, order_formats[st.params.order]);
  const bool cube = !tiling_of(st.params).marches_z();
  const bool fast = st.params.strategy == Stencil3dStrategy::fast,
             temporal = st.params.strategy == Stencil3dStrategy::temporal;
  ImGui::SliderInt(temporal ? "z chunk"
                   : fast   ? "z tile T"
                            : "tile T",
                   &st.params.tile, 1,
                   temporal ? std::max(st.grid, 1)
                   : cube   ? 10
                            : 32);
  int coeffs = int(std::find(std::begin(kCoeffs), std::end(kCoeffs), st.coeffs) - std::begin(kCoeffs));
  if (ImGui::Combo("coefficients", &coeffs, kCoeffs, IM_ARRAYSIZE(kCoeffs))) st.coeffs = kCoeffs[coeffs];
  break_combo(st.bug, st.params.strategy);
  size_combo("grid", st.grid, {32, 64, 128, 256, 512}, "%d^3");
  ImGui::SliderInt("steps per frame", &st.iterations, 1, kMaxStepsPerFrame);
  frame_steps_line(st, sim, s.work_budget_ms);
  ImGui::SliderInt("slice z", &st.slice, 0, st.grid - 1);
  int backend = int(std::find(std::begin(kBackends), std::end(kBackends), s.backend) - std::begin(kBackends));
  if (ImGui::Combo("backend", &backend, kBackends, IM_ARRAYSIZE(kBackends))) s.backend = kBackends[backend];
  ImGui::TextDisabled("running on %s", sim.backend().description().c_str());
  if (!sim.note().empty()) ImGui::TextWrapped("%s", sim.note().c_str());
  if (ImGui::Button(s.paused ? "run (space)" : "pause (space)")) s.paused = !s.paused;
  ImGui::SameLine();
  if (ImGui::Button("step (.)")) s.step_once = true;
  ImGui::SameLine();
  if (ImGui::Button("reset (r)")) st.reset_requested = true;
  ImGui::SameLine();
  ImGui::Text("%lld steps", sim.steps());
  ImGui::Checkbox("tile grid", &s.overlays.tile_grid);
  ImGui::SameLine();
  ImGui::Checkbox("block", &s.overlays.block);
  ImGui::SameLine();
  ImGui::Checkbox("neighbours", &s.overlays.receptive_field);
  disabled_wrapped("keys: +/- order, [ ] tile, 1-5 strategy, < > slice, r reset, t step through, p pattern");
  if (!sim.problem().empty()) ImGui::TextColored({1, 0.45f, 0.35f, 1}, "cannot run: %s", sim.problem().c_str());
  clamp(st);
}

namespace {

// Fast: a flat block of Ox x 8 columns (no staged xy halo) marching T planes in z.
void fast_tile_panel(const Stencil3dParams& p, const Stencil3dModel& m) {
  const Stencil3dTileFigures f = stencil3d_tile_figures(p);
  const float ox = float(f.out_tile[0]), oy = float(f.out_tile[1]), t = float(f.in_tile[2]), k = float(f.halo[2]);
  const float tx = ox / float(f.vec);  // drawn in threads along x: 128 cells next to 18 planes is a needle
  const float side = ImGui::GetFontSize() * 7, width = side * 1.8f, margin = side * 0.08f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  // The box spans (tx + t) x 0.866 scale across and (oy + (tx + t) / 2) scale down (Iso::at): as
  // wide as before, but no taller than 1.3 sides (a narrow grid's block is 28-85 rows deep).
  const float scale = std::min(side * 1.7f / (tx + t), side * 1.3f / (oy + (tx + t) / 2));
  const float across = (tx + t) * 0.866f * scale, down = (oy + (tx + t) / 2) * scale;
  const Iso iso{{o.x + (width - across) / 2 + t * 0.866f * scale, o.y + margin + oy * scale}, scale};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  iso.box(dl, 0, 0, 0, tx, oy, t, with_alpha(palette::kHalo.rgba, 70), palette::kHalo.rgba);
  iso.box(dl, 0, 0, k, tx, oy, float(f.out_tile[2]), with_alpha(palette::kOutputTile.rgba, 220),
          palette::rgba(255, 255, 255, 200));
  const float flight = float(f.planes_in_flight);
  iso.box(dl, 0, 0, (t - flight) / 2, tx, oy, flight, with_alpha(palette::kLoadOnly.rgba, 60), palette::kLoadOnly.rgba);
  ImGui::Dummy({width, down + 2 * margin});
  ImGui::TextWrapped(
      "block: %d threads in %.0f rows of %d lanes (drawn: x in threads), each owning %d x-cell%s: output "
      "tile %.0f x %.0f x %d cells (blue), marching z through T = %d planes; orange: the %d + %d halo "
      "planes its register queue loads.",
      f.block[0] * f.block[1], oy, f.row_lanes, f.vec, f.vec > 1 ? "s" : "", ox, oy, f.out_tile[2], f.in_tile[2],
      f.halo[2], f.halo[2]);
  ImGui::TextWrapped(
      "yellow: the %d planes in flight, all in registers. The xy halo (%d rows above and below, %d "
      "cells beside each row) is not staged: it is read through L1/L2 while computing.",
      f.planes_in_flight, p.order, p.order);
  ImGui::TextColored({1.0f, 0.75f, 0.3f, 1.0f}, "cells read %lld, outputs %lld: halo fraction %.0f%%",
                     static_cast<long long>(m.in_tile_cells), static_cast<long long>(m.out_tile_cells),
                     100 * m.halo_fraction());
}

}  // namespace

void stencil3d_tile_panel(const Stencil3dUi& ui) {
  const Stencil3dParams& p = ui.params;
  if (launch_problem(p)) return ImGui::TextDisabled("(no valid tile)");
  const Stencil3dModel m = book_model(p);
  if (p.strategy == Stencil3dStrategy::fast) {
    fast_tile_panel(p, m);
    return warp_rows(p);
  }
  if (p.strategy == Stencil3dStrategy::temporal) return temporal_tile_panel(p, m);
  const float side = ImGui::GetFontSize() * 7;
  // The numbers go beside the cube where they fit (a narrow sidebar in presentation mode: below).
  const bool beside = ImGui::GetContentRegionAvail().x - side * 1.8f > ImGui::CalcTextSize("input tile 32^3 = 32768").x;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  // A cube of side t spans t x scale = side / 1.15 above the origin and as much below it.
  const Iso iso{{o.x + side * 0.9f, o.y + side * 0.92f}, side / (p.tile * 1.15f)};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Stencil3dTileFigures f = stencil3d_tile_figures(p);
  const float t = float(f.in_tile[0]), k = float(f.halo[0]), out = float(f.out_tile[0]);
  if (p.strategy == Stencil3dStrategy::basic) {
    iso.box(dl, 0, 0, 0, t, t, t, with_alpha(palette::kOutputTile.rgba, 150), palette::kOutputTile.rgba);
  } else {
    iso.box(dl, 0, 0, 0, t, t, t, with_alpha(palette::kHalo.rgba, 70), palette::kHalo.rgba);
    iso.box(dl, k, k, k, out, out, out, with_alpha(palette::kOutputTile.rgba, 220), palette::rgba(255, 255, 255, 200));
    if (const float flight = float(f.planes_in_flight); flight > 0)  // around the current output plane
      iso.box(dl, 0, (t - flight) / 2, 0, t, flight, t, with_alpha(palette::kLoadOnly.rgba, 60),
              palette::kLoadOnly.rgba);
  }
  ImGui::Dummy({side * 1.8f, side * 1.85f});
  if (beside) ImGui::SameLine();
  ImGui::BeginGroup();
  if (p.strategy == Stencil3dStrategy::basic) {
    ImGui::TextWrapped(
        "block %dx%dx%d: every thread computes; no tile, no halo: all neighbours come from global memory", f.block[0],
        f.block[1], f.block[2]);
  } else {
    ImGui::Text("input tile %d^3 = %lld", f.in_tile[0], static_cast<long long>(m.in_tile_cells));
    ImGui::Text("output     %d^3 = %lld", f.out_tile[0], static_cast<long long>(m.out_tile_cells));
    ImGui::Text("halo       %lld cells", static_cast<long long>(m.in_tile_cells - m.out_tile_cells));
    ImGui::TextColored({1.0f, 0.75f, 0.3f, 1.0f}, "halo fraction %.0f%%", 100 * m.halo_fraction());
    if (f.planes_in_flight > 0)
      ImGui::TextWrapped("yellow: the %d planes in flight (%s)", f.planes_in_flight,
                         p.strategy == Stencil3dStrategy::coarsened ? "all in shared memory"
                                                                    : "current in shared, the rest in registers");
  }
  ImGui::EndGroup();
  warp_rows(p);
}

void stencil3d_opb_panel(const Stencil3dUi& ui) {
  const Stencil3dParams& p = ui.params;
  if (auto problem = launch_problem(p)) return ImGui::TextDisabled("(cannot run: see Controls)");
  const Stencil3dModel m = book_model(p);
  const Stencil3dCount c = exact_traffic(p);
  ImGui::Text("book model %6.2f OP/B", book_round(m.opb_model));
  ImGui::TextDisabled("  %s", m.formula.c_str());
  ImGui::Text("bound      %6.2f OP/B  (T -> infinity: %d ops / 4 B)", book_round(m.opb_bound), p.ops_per_output());
  ImGui::Text("counted    %6.2f OP/B  (whole grid, ghost cells not loaded)", book_round(c.opb()));
  ImGui::TextDisabled("  %.3g flops / %.3g B of global loads", double(c.flops), double(c.global_load_bytes()));
  if (begin_table("strategies", {"strategy", "tile", "model", "halo"},
                  ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
    for (int i = 0; i < kStencil3dStrategyCount; ++i) {
      Stencil3dParams q = p;
      q.strategy = strategy_table<Stencil3dStrategy>()[i].id;
      q.tile = q.strategy == p.strategy ? p.tile : default_tile(ui, q.strategy);
      ImGui::TableNextRow();
      if (q.strategy == p.strategy) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(40, 70, 120, 255));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(strategy_table<Stencil3dStrategy>()[i].name.data());
      ImGui::TableNextColumn();
      ImGui::Text("%d", q.tile);
      if (launch_problem(q)) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        continue;
      }
      const Stencil3dModel qm = book_model(q);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", book_round(qm.opb_model));
      ImGui::TableNextColumn();
      ImGui::Text("%.0f%%", 100 * qm.halo_fraction());
    }
    ImGui::EndTable();
  }
}

void stencil3d_launch_panel(const Stencil3dUi& ui, const HeatSimulation& sim) {
  const Stencil3dParams& p = ui.params;
  if (launch_problem(p, sim.backend().limits())) return ImGui::TextDisabled("(nothing launched)");
  const Stencil3dLaunch l = launch_geometry(p);
  ImGui::Text("grid      %d x %d x %d blocks", l.grid.x, l.grid.y, l.grid.z);
  ImGui::Text("block     %d x %d x %d = %d threads", l.block.x, l.block.y, l.block.z, l.threads_per_block);
  ImGui::Text("computing %d of %d threads (%.0f%%)", l.active_threads_per_block, l.threads_per_block,
              100.0 * l.active_threads_per_block / l.threads_per_block);
  if (l.block.z == 1) ImGui::Text("marching  %d output planes per block in z", l.out_planes_per_block);
  ImGui::Text("shared    %zu B per block", l.shared_bytes);
  if (const int vec = tiling_of(p).axis(0).vec; l.register_planes)
    ImGui::Text("registers %d z values per thread%s", l.register_planes * vec,
                vec > 1 ? " (for each of its cells)" : "");
  ImGui::Text("constant  %zu B (the coefficients)", l.constant_bytes);
}

void stencil3d_timing_panel(const Stencil3dUi& ui, const HeatSimulation& sim, const FrameStats& stats) {
  const Stencil3dParams& p = ui.params;
  const double ms = stats.steady_kernel_ms(), per_step = ms / p.steps;
  ImGui::Text("launch of %d step%s %8.3f ms  (%s)", p.steps, p.steps > 1 ? "s" : "", ms,
              kernel_timed_by(sim.backend(), stats.steady_runs()).c_str());
  engine_note_line(sim.backend());
  kernel_time_plot(stats);
  double opb = 0, gflops = 0, copy_gbs = 0;
  if (per_step > 0 && !launch_problem(p)) {
    const Stencil3dCount c = exact_traffic(p);
    gflops = c.flops / ms * 1e-6;
    opb = c.opb();
    ImGui::Text("per step %.3f ms (%.3g steps/s): %.1f GB/s effective, %.1f GFLOP/s", per_step, 1000.0 / per_step,
                compulsory_bytes(p) / per_step * 1e-6, gflops);
    ImGui::TextDisabled("GB/s: compulsory bytes of a step (read + write the grid once) / the step's time");
    copy_gbs = copy_ceiling_line(sim.backend(), compulsory_bytes(p), per_step);
  }
  const float frame = stats.frame_ms.latest();
  ImGui::Text("frame %7.3f ms (%.0f frames/s)   slice to GL %.3f ms", frame, frame > 0 ? 1000.0f / frame : 0.0f,
              stats.upload_ms);
  transfer_and_roofline(stats, sim.backend(), opb, gflops, copy_gbs);
}

void stencil3d_correctness_panel(Stencil3dUi& ui, const HeatSimulation& sim) {
  if (reference_check_panel(sim.max_abs_error(), sim.tolerance(), "step",
                            "one step from the live state, checked when parameters change"))
    ui.check_requested = true;
}

}  // namespace tilescope
