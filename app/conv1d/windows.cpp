// The conv1d view's floating windows: the inspector of the focused output and the legend.
#include <imgui.h>

#include <algorithm>

#include "app/conv1d/break_trace.hpp"
#include "app/conv1d/figures.hpp"
#include "app/conv1d/panels.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/step_panel.hpp"
#include "app/ui/swatch.hpp"
#include "app/ui/widgets.hpp"
#include "app/view/palette.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/steps.hpp"

namespace tilescope {
namespace {

const char* source_name(TapSource s) {
  switch (s) {
    case TapSource::shared: return "shared";
    case TapSource::global: return "global (L2)";
    case TapSource::ghost_shared: return "ghost: 0 in shared";
    case TapSource::ghost_skipped: return "ghost: skipped";
  }
  return "";
}

}  // namespace

void conv1d_inspector_window(const CommonState& s, const Conv1dUi& ui, const Conv1dRun& run, const Rect& area) {
  const Conv1dParams& p = ui.params;
  const auto focus = focus_pixel(s);
  if (!focus || focus->x >= p.length || !run.problem.empty() || run.output.size() != std::size_t(p.length)) return;
  const Conv1dTiling g = tiling_of(p);
  const Conv1dFocus f = conv1d_focus(g, focus->x);
  const int i = focus->x, b = f.block, t = f.thread;
  begin_inspector(area);
  ImGui::Text("output P[%d] = %+.5f%s", i, run.output[i], s.pinned ? "  [pinned: click to release]" : "");
  ImGui::Text("blockIdx %d, threadIdx %d (warp %d, lane %d)", b, t, f.warp, f.lane);
  if (g.is_fast()) {
    ImGui::Text("computes output %d of its %d:", f.output, g.outputs_per_thread());
    for (int k = 0; k < g.outputs_per_thread(); k += kConv1dFastGroup)
      if (const int i0 = g.out_coord(b, t, k); i0 < p.length)
        ImGui::Text("  P[%d..%d] (one float4 store) from N_s[%d..%d]", i0, std::min(i0 + 3, p.length - 1),
                    i0 - g.shared_origin(b) - g.shared_halo(), i0 - g.shared_origin(b) + 3 + g.shared_halo());
    for (int pass = 0; g.float4_of(t, pass) < g.shared_float4s(); ++pass) {
      const int slot = kConv1dFastGroup * g.float4_of(t, pass), k = g.shared_coord(b, slot);
      ImGui::Text(
          "loads the float4 N[%d..%d] into N_s[%d..%d]%s", k, k + 3, slot, slot + 3,
          in_range(k, p.length) && in_range(k + 3, p.length) ? "" : " (element by element, ghost cells: zeros)");
    }
  } else if (p.strategy == Conv1dStrategy::tiled) {
    ImGui::Text("loads N[%d] into N_s[%d]", g.shared_coord(b, g.own_slot(t)), g.own_slot(t));
    for (int slot : {g.left_halo_slot(t), g.right_halo_slot(t)})
      if (slot >= 0) {
        const int k = g.shared_coord(b, slot);
        if (in_range(k, p.length))
          ImGui::Text("and the halo cell N[%d] into N_s[%d]", k, slot);
        else
          ImGui::Text("and stores a ghost zero into N_s[%d] (no load)", slot);
      }
  }
  ImGui::Separator();
  if (begin_table("taps", {"tap", "weight", "N[k]", "read from"},
                  ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    const int shown = std::min(p.filter_dim(), 11);  // the middle taps when the filter is long
    for (int j = p.filter_radius - shown / 2; j <= p.filter_radius + shown / 2; ++j) {
      const int k = i - p.filter_radius + j;
      const TapSource src = tap_source(g, p.length, b, k);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("N[%d]", k);
      ImGui::TableNextColumn();
      ImGui::Text("%+.4f", run.filter.weights[j]);
      ImGui::TableNextColumn();
      ImGui::Text(in_range(k, p.length) ? "%+.4f" : "(ghost)", in_range(k, p.length) ? run.input[k] : 0.0f);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(source_name(src));
    }
    ImGui::EndTable();
  }
  if (p.filter_dim() > 11) ImGui::TextDisabled("(the middle 11 of %d taps)", p.filter_dim());
  ImGui::Text("CPU reference %+.5f", run.reference[i]);
  if (ui.bug != Break::none) break_trace(p, ui.bug, i);  // run.problem is empty: the strategy has it
  end_inspector();
}

void conv1d_legend_window(const CommonState& s, const Conv1dUi& ui, float right, float bottom, float width, float top) {
  const Conv1dParams& p = ui.params;
  begin_legend(right, bottom, width, top);
  const auto focus = focus_pixel(s);
  const bool stepping =
      focus && focus->x < p.length && !launch_problem(p) && ui.stepper.on && !conv1d_steps_problem(p.strategy);
  if (!stepping) {  // stepping, the lanes' titles and the block labels say these
    swatch(palette::kSignalIn);
    swatch(palette::kSignalOut);
    swatch(palette::kTileGrid);
  }
  if (stepping) {
    const Conv1dTiling g = tiling_of(p);
    const int b = g.block_of(focus->x);
    swatch(palette::kOutputTile), swatch(palette::kHalo);
    step_swatches(g.uses_shared(), g.shared_coord(b, 0) < 0 || g.shared_coord(b, g.shared_dim()) > p.length, false);
  } else if (focus && focus->x < p.length && !launch_problem(p)) {
    const Conv1dTiling g = tiling_of(p);
    const int i = focus->x, b = g.block_of(i);
    swatch(palette::kHoveredElement);
    if (g.is_fast()) swatch(palette::kThreadOutputs);
    swatch(palette::kOutputTile);
    swatch(palette::kHalo);
    const Conv1dBlockSpan span = conv1d_block_span(g, b);
    if (span.in0 < 0 || span.in1 > p.length) swatch(palette::kGhostSignal, true);
    bool seen[4] = {};
    for (int k = i - g.r; k <= i + g.r; ++k) seen[int(tap_source(g, p.length, b, k))] = true;
    if (seen[int(TapSource::shared)]) swatch(palette::kTapShared);
    if (seen[int(TapSource::global)]) swatch(palette::kTapGlobal);
    if (seen[int(TapSource::ghost_shared)]) swatch(palette::kTapGhostShared);
    if (seen[int(TapSource::ghost_skipped)]) swatch(palette::kTapGhostSkipped);
  } else {
    ImGui::TextDisabled("hover (or click to pin) an output element");
  }
  break_legend(p, ui.bug);
  end_legend();
}

}  // namespace tilescope
