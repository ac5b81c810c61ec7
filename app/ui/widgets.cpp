#include "app/ui/widgets.hpp"

#include <algorithm>

namespace tilescope {

bool panel(std::map<std::string, bool>& open, const char* title) {
  const auto it = open.find(title);
  ImGui::SetNextItemOpen(it == open.end() || it->second, ImGuiCond_Always);
  return open[title] = ImGui::CollapsingHeader(title);
}

bool begin_table(const char* id, std::initializer_list<const char*> titles, ImGuiTableFlags flags) {
  if (!ImGui::BeginTable(id, int(titles.size()), flags)) return false;
  for (const char* title : titles) ImGui::TableSetupColumn(title);
  ImGui::TableHeadersRow();
  return true;
}

void size_combo(const char* label, int& value, std::initializer_list<int> presets, const char* format) {
  char preview[48], item[32];
  std::snprintf(item, sizeof item, format, value);
  const bool preset = std::find(presets.begin(), presets.end(), value) != presets.end();
  std::snprintf(preview, sizeof preview, preset ? "%s" : "%s (custom)", item);
  if (!ImGui::BeginCombo(label, preview)) return;
  for (const int size : presets) {
    std::snprintf(item, sizeof item, format, size);
    if (ImGui::Selectable(item, size == value)) value = size;
  }
  ImGui::EndCombo();
}

void disabled_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void warning_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.3f, 1.0f));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void book_model_lines(const BookModel& m, const TrafficCount& c, const char* grows, const char* whole) {
  ImGui::Text("book model   %6.2f OP/B", book_round(m.opb_model));
  disabled_wrapped(("  " + m.formula).c_str());
  ImGui::Text("bound        %6.2f OP/B  (%s -> infinity)", book_round(m.opb_bound), grows);
  if (m.opb_l2_halo) ImGui::Text("if halo hits L2 %4.2f OP/B  (DRAM bytes only)", book_round(*m.opb_l2_halo));
  ImGui::Text("counted      %6.2f OP/B  (whole %s)", book_round(c.opb()), whole);
  ImGui::TextDisabled("  %.3g flops / %.3g B of global loads", double(c.flops), double(c.global_load_bytes));
  ImGui::TextDisabled("2 ops per tap; bytes = 4 x global loads issued;");
  ImGui::TextDisabled("ghost cells are not loaded (PMPP's conventions)");
}

}  // namespace tilescope
