#include "app/ui/step_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/ui/swatch.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/palette.hpp"

namespace tilescope {
namespace {

void count_row(const char* name, long long so_far, long long block, long long grid, bool has_grid = true) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::Text("%lld", so_far);
  ImGui::TableNextColumn();
  ImGui::Text("%lld", block);
  ImGui::TableNextColumn();
  if (has_grid)
    ImGui::Text("%lld", grid);
  else
    ImGui::TextDisabled("-");
}

}  // namespace

void step_panel(Stepper& s, const StepPanelInput& in) {
  ImGui::Checkbox("step through the focused block (t)", &s.on);
  if (!s.on) return;
  if (in.problem) {
    disabled_wrapped(in.problem->c_str());
    return;
  }
  if (!in.timeline) {
    disabled_wrapped("hover a pixel, or click to pin it: its block is stepped through");
    return;
  }
  const BlockTimeline& tl = *in.timeline;
  const int last = int(tl.steps.size()) - 1;
  if (ImGui::Button("|<")) s.step = 0, s.playing = false;
  ImGui::SameLine();
  if (ImGui::Button("<")) s.step = std::max(0, s.step - 1), s.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(s.playing ? "pause" : "play")) {
    if (!s.playing && s.step >= last) s.step = 0;  // play again from the start
    s.playing = !s.playing, s.clock = 0;
  }
  ImGui::SameLine();
  if (ImGui::Button(">")) s.step = std::min(last, s.step + 1), s.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(">|")) s.step = last, s.playing = false;
  if (ImGui::SliderInt("step", &s.step, 0, last, "%d", ImGuiSliderFlags_AlwaysClamp)) s.playing = false;
  ImGui::SliderFloat("steps / s", &s.steps_per_second, 0.5f, 20.0f, "%.1f", ImGuiSliderFlags_Logarithmic);
  s.step = std::clamp(s.step, 0, last);
  const BlockStep& now = tl.steps[std::size_t(s.step)];
  ImGui::TextWrapped("%s", now.what.c_str());
  step_counts_table(in, s.step);
}

void step_counts_table(const StepPanelInput& in, int step) {
  const BlockTimeline& tl = *in.timeline;
  const StepCounts &so_far = tl.steps[std::size_t(step)].counts, &block = tl.steps.back().counts;
  if (begin_table("step counts", {"", "so far", "block", "grid (exact)"},
                  ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    const StepCounts& grid = in.launch.exact;
    count_row("global loads", so_far.global_loads, block.global_loads, grid.global_loads);
    count_row("shared reads", so_far.shared_reads, block.shared_reads, grid.shared_reads,
              in.launch.exact_has_shared_reads);
    count_row("flops", so_far.flops, block.flops, grid.flops);
    count_row("stores", so_far.stores, block.stores, grid.stores);
    ImGui::EndTable();
  }
  char note[96];
  std::snprintf(note, sizeof note, "grid: the model's exact count, the sum of all %d blocks' totals",
                in.launch.blocks());
  disabled_wrapped(note);
}

void step_swatches(bool shared, bool ghost_slots, bool load_only_ring) {
  if (shared) swatch(palette::kSlotFilled);
  if (shared && ghost_slots) swatch(palette::kTapGhostShared, true);
  swatch(shared ? palette::kBarrierLine : palette::kThreadWorking), swatch(palette::kThreadIdle);
  if (load_only_ring) swatch(palette::kLoadOnly);
}

}  // namespace tilescope
