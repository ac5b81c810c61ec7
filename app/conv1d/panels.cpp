// The conv1d view's sidebar panels.
#include "app/conv1d/panels.hpp"
#include "app/ui/copy_ceiling.hpp"
#include "app/ui/timing.hpp"
#include "app/ui/widgets.hpp"

#include <imgui.h>

#include <cstdio>

#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {
namespace {

constexpr const char* kFilters[] = {"box", "gaussian", "sharpen", "derivative", "random:1"};
constexpr const char* kBackends[] = {"auto", "cuda", "cpu"};

template <std::size_t N>
void choice(const char* label, std::string& value, const char* const (&options)[N]) {
  if (!ImGui::BeginCombo(label, value.c_str())) return;
  for (const char* o : options)
    if (ImGui::Selectable(o, value == o)) value = o;
  ImGui::EndCombo();
}

}  // namespace

void conv1d_controls_panel(CommonState& s, Conv1dUi& ui, const Backend& backend) {
  Conv1dParams& p = ui.params;
  strategy_combo(p.strategy);
  ImGui::SliderInt("radius", &p.filter_radius, 1, kMaxConv1dRadius, "n = %d");
  ImGui::SliderInt("tile", &p.tile, kMinConv1dTile, kMaxConv1dTile, "%d outputs/block");
  ImGui::TextDisabled("tile:");
  for (int t : {32, 64, 256, 1024}) {
    ImGui::SameLine();
    char label[8];
    std::snprintf(label, sizeof label, "%d", t);
    if (ImGui::SmallButton(label)) p.tile = t;
  }
  ImGui::SliderInt("length", &p.length, 32, 1 << 16, "%d elements", ImGuiSliderFlags_Logarithmic);
  clamp(ui);
  if (auto problem = launch_problem(p, backend.limits())) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("Cannot run: %s", problem->c_str());
    ImGui::PopStyleColor();
  }
  choice("filter", ui.filter, kFilters);
  break_combo(ui.bug, p.strategy);
  choice("backend", s.backend, kBackends);
  ImGui::TextDisabled("on %s", backend.description().c_str());
  ImGui::Checkbox("pause (space)", &s.paused);
  ImGui::SameLine();
  if (ImGui::Button("step (.)")) s.step_once = true;
  disabled_wrapped(
      "keys: + - radius, [ ] tile, 1-5 strategy, t step through (< >); drag to pan, wheel to zoom, "
      "double-click to fit");
}

void conv1d_model_panel(const Conv1dParams& p) {
  if (!book_model_section(p, !launch_problem(p), "blockDim", "signal")) return;
  ImGui::Separator();
  const LoadReduction r = load_reduction(p);
  ImGui::Text("input loads, basic / tiled (PMPP 3rd ed. 7.4):");
  ImGui::Text("  interior block  %5.2f", book_round(r.interior));
  ImGui::TextDisabled("    blockDim(2n+1) / (blockDim + 2n)");
  ImGui::Text("  boundary block  %5.2f", book_round(r.boundary));
  ImGui::TextDisabled("    (blockDim(2n+1) - n(n+1)/2) / (blockDim + n)");
  ImGui::Text("  whole signal    %5.2f  (every block counted)", book_round(r.counted));
  ImGui::TextDisabled("book: 1024 threads, n = 2 -> 4.98; tends to 2n+1 = %d", p.filter_dim());
}

void conv1d_launch_panel(const Conv1dParams& p) {
  if (launch_problem(p)) return;
  const LaunchGeometry l = launch_geometry(p);
  ImGui::Text("grid %d blocks x %d threads = %lld threads", l.grid.x, l.block.x,
              static_cast<long long>(l.threads_launched));
  ImGui::Text("input tile %d = %d outputs + 2 x %d halo", l.in_tile_dim, l.out_tile_dim,
              (l.in_tile_dim - l.out_tile_dim) / 2);
  if (p.strategy == Conv1dStrategy::fast)
    ImGui::TextDisabled("%d outputs per thread; halo n rounded up to whole float4s", kConv1dFastOutputsPerThread);
  ImGui::Text("shared %zu B/block, constant %zu B", l.shared_bytes, l.constant_bytes);
  ImGui::TextDisabled("%lld threads past the end of the signal idle",
                      static_cast<long long>(l.threads_launched - l.threads_computing));
}

void conv1d_timing_panel(const Conv1dParams& p, const Backend& backend, const FrameStats& stats) {
  const double ms = stats.steady_kernel_ms();
  ImGui::Text("kernel %8.4f ms  (%s)", ms, kernel_timed_by(backend, stats.steady_runs()).c_str());
  engine_note_line(backend);
  kernel_time_plot(stats);
  if (ms > 0 && !launch_problem(p)) {
    ImGui::Text("%.2f GB/s effective   %.2f GFLOP/s", compulsory_bytes(p) / ms * 1e-6,
                exact_traffic(p).flops / ms * 1e-6);
    copy_ceiling_line(backend, compulsory_bytes(p), ms);
  }
  disabled_wrapped("a signal this small is launch-bound: `tilescope bench --pattern conv1d` times 2^26 elements");
  ImGui::Text("frame  %8.3f ms", stats.frame_ms.latest());
  ImGui::TextDisabled("to the screen: %s", stats.transfer.c_str());
}

void conv1d_correctness_panel(const Conv1dRun& run) {
  if (!run.problem.empty() || run.output.empty()) return;
  const bool ok = run.max_abs_error <= run.tolerance;
  ImGui::TextColored(ok ? ImVec4(0.0f, 0.62f, 0.45f, 1.0f) : ImVec4(1.0f, 0.45f, 0.35f, 1.0f), "%s",
                     ok ? "matches the CPU reference" : "DIFFERS from the CPU reference");
  ImGui::Text("max |P - reference| = %.3g  (tolerance %.3g)", run.max_abs_error, run.tolerance);
}

}  // namespace tilescope
