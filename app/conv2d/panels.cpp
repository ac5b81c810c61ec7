#include "app/conv2d/panels.hpp"

#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/ui/copy_ceiling.hpp"
#include "app/ui/correctness.hpp"
#include "app/ui/timing.hpp"
#include "app/ui/widgets.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/filter_rank.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

namespace {

constexpr const char* kFilters[] = {"box",       "gaussian", "sharpen",           "sobel_x",
                                    "laplacian", "random:1", "random_separable:1"};
constexpr const char* kBackends[] = {"auto", "cuda", "cpu"};

void filter_matrix(const Filter2d& f) {
  // Weights as numbers up to 5x5, as a small signed heat map beyond.
  const int n = f.dim();
  if (n <= 5) {
    if (ImGui::BeginTable("weights", n, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
      for (float w : f.weights) {
        ImGui::TableNextColumn();
        ImGui::Text("%+.3f", w);
      }
      ImGui::EndTable();
    }
    return;
  }
  float max_abs = 1e-12f;
  for (float w : f.weights) max_abs = std::max(max_abs, std::abs(w));
  const float cell = ImGui::GetFontSize() * 0.8f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const float t = f.at(x, y) / max_abs;
      const ImU32 c = t >= 0 ? IM_COL32(255, int(255 * (1 - t)), int(255 * (1 - t)), 255)
                             : IM_COL32(int(255 * (1 + t)), int(255 * (1 + t)), 255, 255);
      dl->AddRectFilled({o.x + x * cell, o.y + y * cell}, {o.x + (x + 1) * cell - 1, o.y + (y + 1) * cell - 1}, c);
    }
  ImGui::Dummy({n * cell, n * cell});
  ImGui::TextDisabled("red > 0, blue < 0; max |w| = %.3g", max_abs);
}

}  // namespace

void conv2d_controls_panel(CommonState& s, Conv2dUi& ui, const Conv2dPipeline& pipeline, const Filter2d& filter) {
  const Conv2dStrategyInfo& info = strategy_info(ui.params.strategy);
  if (ImGui::BeginCombo("strategy", info.display_name.data())) {
    for (int i = 0; i < kConv2dStrategyCount; ++i) {
      const Conv2dStrategyInfo& option = strategy_table<Conv2dStrategy>()[i];
      char label[96];
      std::snprintf(label, sizeof label, "%d  %s", i + 1, option.display_name.data());
      if (ImGui::Selectable(label, option.id == ui.params.strategy)) select_strategy(ui, option.id);
    }
    ImGui::EndCombo();
  }
  ImGui::TextColored({0.55f, 0.8f, 1.0f, 1.0f}, "%s  (%s)", info.book_ref.data(), info.name.data());
  ImGui::TextWrapped("%s", info.explanation.data());

  ImGui::SliderInt("radius", &ui.params.filter_radius, 1, kMaxConv2dRadius, "r = %d");
  const bool sliding = ui.params.strategy == Conv2dStrategy::sliding;
  ImGui::SliderInt(sliding ? "strip" : "tile", &ui.params.tile, 1, sliding ? kMaxSlidingStrip : 32);
  static constexpr int kTiles[] = {8, 16, 32};
  static constexpr int kStrips[] = {16, 256};  // sliding's defaults: r <= 2, r = 3
  auto shortcut = [&](int t) {
    ImGui::SameLine();
    char label[8];
    std::snprintf(label, sizeof label, "%d", t);
    if (ImGui::SmallButton(label)) ui.params.tile = t;
  };
  if (sliding)
    for (int t : kStrips) shortcut(t);
  else
    for (int t : kTiles) shortcut(t);
  clamp(ui);
  const Conv2dTiling gx = tiling_of(ui.params, 0), gy = tiling_of(ui.params, 1);
  if (sliding) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("warp tile %d columns x %d rows (2r + %d x (2r+1)), %d warps per block", gx.out_tile_dim(),
                       gy.out_tile_dim(), gy.strip_chunks(), gx.tiles_per_block());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextDisabled("block %dx%d threads, output tile %dx%d", gx.block_dim(), gy.block_dim(), gx.out_tile_dim(),
                        gy.out_tile_dim());
  }
  if (auto problem = launch_problem(ui.params, pipeline.backend().limits())) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("Cannot run: %s", problem->c_str());
    ImGui::PopStyleColor();
    if (ui.params.strategy == Conv2dStrategy::tiled_in && ImGui::Button("use the smallest tile that fits"))
      ui.params.tile = std::min(32, 2 * ui.params.filter_radius + 1);
  }

  if (ImGui::BeginCombo("filter", ui.filter.c_str())) {
    for (const char* name : kFilters)
      if (ImGui::Selectable(name, ui.filter == name)) ui.filter = name;
    ImGui::EndCombo();
  }
  filter_matrix(filter);
  if (const std::optional<int> rank = filter_rank(filter))
    ImGui::TextDisabled("rank %d%s", *rank, rank == 1 ? ": separable, a column of weights times a row" : "");
  else
    ImGui::TextDisabled("rank -: a weight is NaN or infinite");
  if (const auto why = filter_problem(ui.params, filter)) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("Cannot run: %s", why->c_str());
    ImGui::PopStyleColor();
    if (ImGui::Button("use the gaussian filter")) ui.filter = "gaussian";
  }
  break_combo(ui.bug, ui.params.strategy);

  ImGui::Separator();
  int source = int(ui.source);
  ImGui::RadioButton("demo (animated)", &source, int(SourceKind::demo));
  ImGui::SameLine();
  ImGui::RadioButton("file", &source, int(SourceKind::file));
  ui.source = SourceKind(source);
  if (ui.source == SourceKind::demo) {
    int scene = int(ui.demo_scene);
    if (ImGui::Combo("scene", &scene, "mixed\0checkerboard\0rings\0impulses (shows each filter)\0"))
      ui.demo_scene = DemoScene(scene);
    size_combo("demo size", ui.demo_size, {512, 1024, 2048, 4096}, "%d^2");
  } else {
    ImGui::TextWrapped("%s", ui.file_path.empty() ? "(drop an image on the window)" : ui.file_path.c_str());
  }

  if (ImGui::BeginCombo("backend", s.backend.c_str())) {
    for (const char* name : kBackends)
      if (ImGui::Selectable(name, s.backend == name)) s.backend = name;
    ImGui::EndCombo();
  }
  ImGui::TextWrapped("running on %s", pipeline.backend().description().c_str());
  if (!pipeline.note().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.3f, 1.0f));
    ImGui::TextWrapped("%s", pipeline.note().c_str());
    ImGui::PopStyleColor();
  }

  ImGui::Separator();
  int view = int(ui.view);
  for (ViewMode v : {ViewMode::input, ViewMode::output, ViewMode::split, ViewMode::diff}) {
    ImGui::RadioButton(view_name(v), &view, int(v));
    if (v != ViewMode::diff) ImGui::SameLine();
  }
  ui.view = ViewMode(view);
  ImGui::Checkbox("tile grid", &s.overlays.tile_grid);
  ImGui::SameLine();
  ImGui::Checkbox("block", &s.overlays.block);
  ImGui::SameLine();
  ImGui::Checkbox("taps", &s.overlays.receptive_field);
  ImGui::Checkbox("thread ids", &s.overlays.thread_ids);
  ImGui::SameLine();
  ImGui::Checkbox("legend", &s.overlays.legend);
  if (ImGui::Button(s.paused ? "run (space)" : "pause (space)")) s.paused = !s.paused;
  ImGui::SameLine();
  if (ImGui::Button("step (.)")) s.step_once = true;
  ImGui::SameLine();
  ImGui::Checkbox("presentation (F)", &s.presentation);
  disabled_wrapped("keys: +/- radius, [ ] tile, 1-8 strategy, v view, t step through (< >), h HUD, s screenshot");
}

void conv2d_opb_panel(const Conv2dUi& ui) {
  const Conv2dParams& p = ui.params;
  if (!book_model_section(p, !launch_problem(p), "tile", "image")) return;

  // PMPP's table at this radius: the tile sizes of the book, this strategy, current row marked.
  ImGui::Text("PMPP table, %dx%d filter:", p.filter_dim(), p.filter_dim());
  if (begin_table("pmpp", {"tile", "model", "counted", "bound"},
                  ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (int tile : {8, 16, 32}) {
      Conv2dParams row = p;
      row.tile = tile;
      ImGui::TableNextRow();
      if (tile == p.tile) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(0, 114, 178, 160));
      ImGui::TableNextColumn();
      ImGui::Text("%d", tile);
      if (launch_problem(row)) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("n/a");
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        continue;
      }
      const BookModel rm = book_model(row);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", book_round(rm.opb_model));
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", book_round(exact_traffic(row).opb()));
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", rm.opb_bound);
    }
    ImGui::EndTable();
  }
}

void conv2d_launch_panel(const Conv2dUi& ui, const Conv2dPipeline& pipeline) {
  if (launch_problem(ui.params, pipeline.backend().limits())) {
    ImGui::TextDisabled("(nothing launched)");
    return;
  }
  const LaunchGeometry l = launch_geometry(ui.params);
  ImGui::Text("grid      %d x %d = %d blocks", l.grid.x, l.grid.y, l.grid.x * l.grid.y);
  ImGui::Text("block     %d x %d = %d threads", l.block.x, l.block.y, l.threads_per_block);
  ImGui::Text("computing %d of %d threads per block (%.0f%%)", l.active_threads_per_block, l.threads_per_block,
              100.0 * l.active_threads_per_block / l.threads_per_block);
  ImGui::Text("tiles     input %d x %d, output %d x %d", l.in_tile_dim, l.in_tile_dim_y, l.out_tile_dim,
              l.out_tile_dim_y);
  ImGui::Text("shared    %zu B per block", l.shared_bytes);
  ImGui::Text("constant  %zu B (the filter)", l.constant_bytes);
  if (auto blocks = pipeline.engine().blocks_per_sm(ui.params)) {
    const int resident = *blocks * l.threads_per_block, max = pipeline.backend().limits().max_threads_per_sm;
    ImGui::Text("occupancy %d blocks/SM = %d of %d threads (%.0f%%)", *blocks, resident, max, 100.0 * resident / max);
  } else {
    ImGui::TextDisabled("occupancy: CUDA backend only");
  }
}

void conv2d_timing_panel(const Conv2dUi& ui, const Conv2dPipeline& pipeline, const FrameStats& stats) {
  const double ms = stats.steady_kernel_ms();
  ImGui::Text("kernel %8.3f ms  (%s)", ms, kernel_timed_by(pipeline.backend(), stats.steady_runs()).c_str());
  engine_note_line(pipeline.backend());
  kernel_time_plot(stats);
  double opb = 0, gflops = 0, copy_gbs = 0;
  if (ms > 0 && !launch_problem(ui.params)) {
    const TrafficCount c = exact_traffic(ui.params);
    const double compulsory = compulsory_bytes(ui.params);
    gflops = c.flops / ms * 1e-6;
    opb = c.opb();
    ImGui::Text("%.1f GB/s effective   %.1f GFLOP/s", compulsory / ms * 1e-6, gflops);
    ImGui::TextDisabled("GB/s: compulsory bytes (read + write the image once) / kernel time");
    copy_gbs = copy_ceiling_line(pipeline.backend(), compulsory, ms);
  }
  ImGui::Text("frame  %8.3f ms   to GL %.3f ms   source %.3f ms", stats.frame_ms.latest(), stats.upload_ms,
              stats.source_ms);
  transfer_and_roofline(stats, pipeline.backend(), opb, gflops, copy_gbs);
}

bool correctness_panel(const Conv2dPipeline& pipeline) {
  return reference_check_panel(pipeline.max_abs_error(), pipeline.tolerance(), "out",
                               "checked when parameters change, every frame in the diff view");
}

}  // namespace tilescope
