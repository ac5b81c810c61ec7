// The matmul view's sidebar panels.
#include "app/matmul/panels.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/timing.hpp"
#include "app/ui/widgets.hpp"

#include <imgui.h>

#include <cstdio>

#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/steps.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

void matmul_controls_panel(CommonState& s, MatmulUi& ui, const Backend& backend) {
  MatmulParams& p = ui.params;
  strategy_combo(p.strategy);
  if (p.strategy == MatmulStrategy::fast) {  // its tile is its block tile's width
    ImGui::RadioButton("128 x 128 block tile", &p.tile, kMatmulFastNarrowTile);
    ImGui::SameLine();
    ImGui::RadioButton("128 x 256", &p.tile, kMatmulFastWideTile);
  } else {
    ImGui::SliderInt("TILE_WIDTH", &p.tile, kMinMatmulTile, kMaxMatmulTile);
  }
  ImGui::SliderInt("rows (M, P)", &p.rows, 1, 96);
  ImGui::SliderInt("K", &p.inner, 1, 96);
  ImGui::SliderInt("cols (N, P)", &p.cols, 1, 96);
  clamp(ui);
  if (ImGui::Button("new random M and N")) ++ui.seed;
  if (auto problem = launch_problem(p, backend.limits())) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("Cannot run: %s", problem->c_str());
    ImGui::PopStyleColor();
  }
  static constexpr const char* kBackends[] = {"auto", "cuda", "cpu"};
  if (ImGui::BeginCombo("backend", s.backend.c_str())) {
    for (const char* b : kBackends)
      if (ImGui::Selectable(b, s.backend == b)) s.backend = b;
    ImGui::EndCombo();
  }
  ImGui::TextDisabled("on %s", backend.description().c_str());
  disabled_wrapped(
      "keys: [ ] TILE_WIDTH (fast: block tile), 1-3 strategy, < > step through the phases, b the barrier left out");
}

void matmul_stepper_panel(CommonState& s, MatmulUi& ui, const MatmulRun& run) {
  MatmulUi& m = ui;
  if (m.params.strategy == MatmulStrategy::naive) {
    ImGui::TextWrapped(
        "naive has no phases and no shared memory: each thread reads its whole row of M and "
        "column of N from global memory (yellow).");
    return;
  }
  if (m.params.strategy == MatmulStrategy::fast) {
    const MatmulTiling g = tiling_of(m.params);
    ImGui::TextWrapped(
        "fast runs %d phases of %d along the inner dimension, copied into shared memory %d phases ahead "
        "(cp.async), with one barrier per phase. Its block tile is %d x %d.",
        g.phases(m.params.inner), g.depth, g.fast_stages() - 1, g.tile_rows, g.tile_cols);
    return;
  }
  const int phases = tiling_of(m.params).phases(m.params.inner);
  ImGui::SliderInt("phase", &m.phase, 0, phases - 1, "%d", ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  ImGui::TextDisabled("of 0..%d", phases - 1);
  if (ImGui::Button("< step")) apply_key(ui, '<');
  ImGui::SameLine();
  if (ImGui::Button("step >")) apply_key(ui, '>');
  for (int step = 0; step < kMatmulSteps; ++step) {
    ImGui::RadioButton(matmul_step_name(step), &m.step, step);
  }
  if (const auto focus = focus_pixel(s);
      focus && in_range(focus->x, m.params.cols) && in_range(focus->y, m.params.rows)) {
    // The focused block's counts up to this step, from the same timeline as the other patterns'.
    const MatmulTiling g = tiling_of(m.params);
    const BlockTimeline tl = matmul_timeline(m.params, g.block_col(focus->x), g.block_row(focus->y));
    step_counts_table(step_panel_input(m.params, &tl), m.phase * kMatmulStepsPerPhase + m.step);
  }
  ImGui::Separator();
  ImGui::TextWrapped(
      "Barrier 1 (read-after-write, a true dependence): no thread reads Mds/Nds before every "
      "thread has stored its element of this phase.");
  ImGui::TextWrapped(
      "Barrier 2 (write-after-read, a false dependence: only the reused slots make it one): no "
      "thread stores the next phase's elements before every thread has read this phase's.");
  int missing = int(m.missing);
  ImGui::Text("leave out:");
  ImGui::SameLine();
  ImGui::RadioButton("none", &missing, 0);
  ImGui::SameLine();
  ImGui::RadioButton("barrier 1", &missing, 1);
  ImGui::SameLine();
  ImGui::RadioButton("barrier 2", &missing, 2);
  m.missing = MissingBarrier(missing);
  if (m.missing == MissingBarrier::none) return;
  ImGui::TextWrapped(m.missing == MissingBarrier::read_after_write
                         ? "Without barrier 1 (apply --break no_barrier runs the same kernel): the warps run one "
                           "after another, each multiplying before any later warp has stored this phase's elements. "
                           "In phase 0 such a slot holds nothing yet (NaN, drawn black), so the whole sum is NaN. "
                           "At TILE_WIDTH 5 or less the block is one warp, whose lanes store together: this schedule "
                           "gets nothing wrong, yet it is still a race."
                         : "Worst schedule without barrier 2: while a thread still multiplies, the others have "
                           "already stored the next phase's elements over this phase's. The last phase is safe.");
  ImGui::TextColored({1.0f, 0.6f, 0.3f, 1.0f}, "%d of %zu elements of P come out wrong", run.wrong_without_barrier,
                     run.reference.size());
}

void matmul_model_panel(const MatmulParams& p, const Backend& backend) {
  if (launch_problem(p)) return;
  const MatmulModel m = book_model(p);
  const MatmulCount c = exact_traffic(p);
  ImGui::Text("book model   %6.2f OP/B", m.opb_model);
  disabled_wrapped(("  " + m.formula).c_str());
  ImGui::Text("counted      %6.2f OP/B  (these sizes)", c.opb());
  ImGui::TextDisabled("  %.3g flops (2MKN) / %.3g B of global loads", double(c.flops), double(c.global_load_bytes));
  ImGui::Separator();
  ImGui::Text("bandwidth-bound throughput = bandwidth x OP/B:");
  const DevicePeaks peaks = backend.peaks();
  if (peaks.bandwidth_gbs > 0)
    ImGui::Text("  this GPU: %.0f GB/s x %.2f = %.0f GFLOP/s", peaks.bandwidth_gbs, m.opb_model,
                throughput_bound_gflops(peaks.bandwidth_gbs, m.opb_model));
  else
    ImGui::TextDisabled("  this GPU: (the CPU backend has no device bandwidth)");
  ImGui::Text("  PMPP's A100: %.0f GB/s x %.2f = %.0f GFLOP/s", kA100BandwidthGBs, m.opb_model,
              throughput_bound_gflops(kA100BandwidthGBs, m.opb_model));
  ImGui::TextDisabled("  (book: TILE_WIDTH 16 -> 4 OP/B -> 6220 GFLOP/s)");
}

void matmul_timing_panel(const MatmulParams& p, const MatmulRun& run, const Backend& backend, const FrameStats& stats) {
  const double ms = stats.steady_kernel_ms(), flops = 2.0 * p.rows * p.inner * p.cols;
  ImGui::Text("kernel %8.4f ms  %.2f GFLOP/s  (%s)", ms, ms > 0 ? flops / ms * 1e-6 : 0.0,
              kernel_timed_by(backend, stats.steady_runs()).c_str());
  engine_note_line(backend);
  kernel_time_plot(stats);
  if (run.library_ms)
    ImGui::Text("%s on the same matrices: %.4f ms  %.2f GFLOP/s", run.library_name.c_str(), *run.library_ms,
                flops / *run.library_ms * 1e-6);
  else
    ImGui::TextDisabled("cuBLAS reference: needs the CUDA backend");
  disabled_wrapped("matrices this small are launch-bound: `tilescope bench --pattern matmul` times 4096^3");
}

void matmul_correctness_panel(const MatmulRun& run) {
  if (!run.problem.empty() || run.P.empty()) return;
  auto line = [&](const char* what, double err) {
    const bool ok = err <= run.tolerance;
    ImGui::TextColored(ok ? ImVec4(0.0f, 0.62f, 0.45f, 1.0f) : ImVec4(1.0f, 0.45f, 0.35f, 1.0f),
                       "%s: max |P - CPU| = %.3g %s", what, err, ok ? "(ok)" : "(DIFFERS)");
  };
  line("kernel", run.max_abs_error);
  if (run.library_ms) line(run.library_name.c_str(), run.library_error);
  ImGui::TextDisabled("tolerance %.3g", run.tolerance);
}

}  // namespace tilescope
