#pragma once
// Small panel pieces the patterns' panels share.
#include <imgui.h>

#include <cstdio>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>

#include "kernels/common/breaks.hpp"
#include "kernels/common/strategy_table.hpp"
#include "kernels/common/traffic.hpp"

namespace tilescope {

// A sidebar panel's collapsing header, open as `open` says (absent: open); a click records the
// change there, so settings and scenes keep which panels are open.
bool panel(std::map<std::string, bool>& open, const char* title);

// Break it (issue 18): the bugs to pick from (none: the book's kernel), then what the chosen one
// does or, in red, why the strategy cannot have it (`problem`: the pattern's break_problem).
template <typename Strategy>
void break_combo(Break& bug, Strategy strategy) {
  constexpr const char* kNone = "none (the book's kernel)";
  if (ImGui::BeginCombo("break it", bug == Break::none ? kNone : break_info(bug).name.data())) {
    if (ImGui::Selectable(kNone, bug == Break::none)) bug = Break::none;
    int count = 0;
    const BreakInfo* all = breaks(count);
    for (int i = 0; i < count; ++i)
      if (ImGui::Selectable(all[i].name.data(), bug == all[i].bug)) bug = all[i].bug;
    ImGui::EndCombo();
  }
  if (bug == Break::none) return;
  if (const std::optional<std::string> why = break_problem(strategy, bug)) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("Cannot break: %s", why->c_str());
    ImGui::PopStyleColor();
    return;
  }
  ImGui::TextWrapped("%s", break_info(bug).what.data());
}

// ImGui::BeginTable with a column per title and their header row: true when the table is open (end
// it with ImGui::EndTable).
bool begin_table(const char* id, std::initializer_list<const char*> titles, ImGuiTableFlags flags);

// A combo of preset sizes, each shown through `format` ("%d^3"); the preview is the current value,
// marked "(custom)" when it is not a preset (a size given on the command line or in a scene).
void size_combo(const char* label, int& value, std::initializer_list<int> presets, const char* format);

// A paragraph in the disabled (grey) text colour, wrapped to the panel.
void disabled_wrapped(const char* text);
// Wrapped text in the warning colour (amber): something the user should know about what ran.
void warning_wrapped(const char* text);

// The book model, its bound, the L2 figure where there is one, and the exact count;
// `grows` names what tends to infinity for the bound, `whole` what the count covers.
void book_model_lines(const BookModel& m, const TrafficCount& c, const char* grows, const char* whole);
// Those lines for the parameters p (its pattern's book_model and exact_traffic), or, when p
// cannot run, a line that says there is no model; returns whether there was one.
template <typename Params>
bool book_model_section(const Params& p, bool runs, const char* grows, const char* whole) {
  if (!runs) {
    ImGui::TextDisabled("(no model: these parameters cannot run)");
    return false;
  }
  book_model_lines(book_model(p), exact_traffic(p), grows, whole);
  return true;
}

// The strategy selector of a pattern's strategy table, numbered as the keys that select them,
// then the book reference and explanation.
template <typename Strategy>
void strategy_combo(Strategy& current) {
  const StrategyTable<Strategy> table = strategy_table<Strategy>();
  const StrategyInfo<Strategy>& info = table[static_cast<int>(current)];
  if (ImGui::BeginCombo("strategy", info.display_name.data())) {
    for (int i = 0; i < table.size(); ++i) {
      char label[96];
      std::snprintf(label, sizeof label, "%d  %s", i + 1, table[i].display_name.data());
      if (ImGui::Selectable(label, table[i].id == current)) current = table[i].id;
    }
    ImGui::EndCombo();
  }
  const StrategyInfo<Strategy>& chosen = table[static_cast<int>(current)];
  ImGui::TextColored({0.55f, 0.8f, 1.0f, 1.0f}, "%s  (%s)", chosen.book_ref.data(), chosen.name.data());
  ImGui::TextWrapped("%s", chosen.explanation.data());
}

}  // namespace tilescope
