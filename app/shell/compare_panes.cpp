#include "app/shell/compare_panes.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/shell/compare.hpp"
#include "app/shell/ladder.hpp"
#include "app/shell/views.hpp"
#include "app/ui/widgets.hpp"

namespace tilescope {

std::vector<Rect> compare_cells(const Rect& data, int n) {
  const int columns = 2, rows = n > 2 ? 2 : 1;
  const float w = data.w / columns, h = data.h / rows;
  std::vector<Rect> cells;
  for (int i = 0; i < n; ++i) cells.push_back({data.x + float(i % columns) * w, data.y + float(i / columns) * h, w, h});
  return cells;
}

bool ComparePanes::follow(UiState& app) {
  if (app.compare.empty()) {
    others_.clear();
    set_.clear();
    return false;
  }
  if (compare_problem(app.pattern, app.compare)) app.compare = default_compare(app.pattern);
  if (app.compare != set_)
    use_strategy(app, app.compare.front());
  else
    app.compare.front() = strategy_name(app);
  const bool rebuild = app.pattern != pattern_ || app.compare.size() != set_.size();
  set_ = app.compare;
  if (!rebuild) return false;
  pattern_ = app.pattern;
  others_.clear();
  for (std::size_t i = 1; i < set_.size(); ++i) {
    auto pane = std::make_unique<Pane>();
    pane->state = app;
    pane->view = make_view(pane->state, app.pattern);
    others_.push_back(std::move(pane));
  }
  active_ = 0;
  return true;
}

void ComparePanes::frame(UiState& app, PatternView& first, const Rect& data, float display_w, float display_h,
                         float fb_scale, double dt) {
  const int n = int(set_.size());
  const std::vector<Rect> cells = compare_cells(data, n);
  // Every pane's state is this frame's app state (step, reset and check requests included) with
  // the pane's strategy.
  for (int i = 1; i < n; ++i) {
    UiState& s = others_[std::size_t(i) - 1]->state;
    s = app;
    use_strategy(s, set_[std::size_t(i)]);
  }
  const auto state = [&](int i) -> UiState& { return i == 0 ? app : others_[std::size_t(i) - 1]->state; };
  const ImGuiIO& io = ImGui::GetIO();
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left))  // a drag stays with the pane it started in
    for (int i = 0; i < n; ++i)
      if (cells[std::size_t(i)].contains({io.MousePos.x, io.MousePos.y})) active_ = i;
  active_ = std::min(active_, n - 1);
  PatternView& pointed = view(first, active_);
  pointed.frame(cells[std::size_t(active_)], display_w, display_h, fb_scale, dt);
  const ViewPose pose = pointed.pose();
  for (int i = 0; i < n; ++i) {
    if (i == active_) continue;
    state(i).hover = state(active_).hover;
    state(i).pinned = state(active_).pinned;
    view(first, i).set_pose(pose);
    view(first, i).frame(cells[std::size_t(i)], display_w, display_h, fb_scale, dt, false);
  }
}

void ComparePanes::windows(const UiState& app, PatternView& first, const Rect& data) {
  const int n = int(set_.size());
  const std::vector<Rect> cells = compare_cells(data, n);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const float line = app.presentation ? 3.0f : 2.0f;
  for (int i = 0; i < n; ++i) {
    const Rect& c = cells[std::size_t(i)];
    dl->AddRect({c.x, c.y}, {c.x + c.w, c.y + c.h}, IM_COL32(200, 200, 210, 255), 0.0f, 0, line);
  }
  float hud_bottom = cells.back().y;
  if (app.overlays.hud)
    for (int i = 0; i < n; ++i) {
      const Rect hud = draw_hud(cells[std::size_t(i)], view(first, i).hud_below(), view(first, i).hud(), i);
      hud_bottom = hud.y + hud.h;
    }
  // The last pane's legend, in the grid's empty cell where there is one (3 panes), else below the
  // last pane's HUD. No inspector: in a pane it would cover the focused block.
  others_.back()->state.overlays.inspector = false;
  const Rect& last = cells.back();
  view(first, n - 1)
      .windows(n == 3 ? compare_cells(data, 4).back() : Rect{last.x, hud_bottom, last.w, last.y + last.h - hud_bottom});
}

void ComparePanes::ladder(PatternView& first) {
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (!begin_table("##ladder", {"strategy", "OP/B model", "counted", "ms", "of a copy"}, kFlags)) return;
  for (int i = 0; i < int(set_.size()); ++i) {
    const HudFigures f = view(first, i).hud();
    ImGui::TableNextRow();
    if (!strategy_opb_cells(set_[std::size_t(i)], f) || f.kernel_ms <= 0) continue;
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", f.kernel_ms);
    ImGui::TableNextColumn();
    ImGui::Text("%.0f%%", 100.0 * f.copy_ms / f.kernel_ms);
  }
  ImGui::EndTable();
  disabled_wrapped("The panels below are the first pane's.");
}

std::vector<PatternView*> ComparePanes::views(PatternView& first) {
  std::vector<PatternView*> all{&first};
  for (const auto& pane : others_) all.push_back(pane->view.get());
  return all;
}

}  // namespace tilescope
