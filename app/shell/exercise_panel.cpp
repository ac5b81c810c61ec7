#include "app/shell/exercise_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstring>

#include "app/shell/state_json.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

using nlohmann::json;

// The exercise's view over `s`, as a scene's fields (quietly: an exercise names only what it sets).
void apply_view(UiState& s, const Exercise& e, const json& params, bool checked) {
  const json view = exercise_view(e, params, checked);
  JsonFields f(view, "exercise " + e.id);
  read_state(f, s, StateFile::scene);
}

bool solved(const UiState& s, const std::string& id) {
  return std::find(s.exercises.solved.begin(), s.exercises.solved.end(), id) != s.exercises.solved.end();
}

}  // namespace

void start_exercise(UiState& s, const std::vector<Exercise>& bank, const std::string& id, long long seed) {
  const Exercise& e = find_exercise(bank, id);
  s.exercises.current = e.id, s.exercises.seed = seed;
  s.exercises.answer.clear(), s.exercises.checked = false;
  s.pinned.reset(), s.hover.reset();
  apply_view(s, e, draw_exercise_params(e, seed), false);
}

std::string exercise_answer_text(const UiState& s, const Exercise& e, const cli::ExerciseTruth& truth) {
  if (!s.exercises.answer.empty() || e.kind != ExerciseKind::locate || !s.pinned) return s.exercises.answer;
  const json place =
      truth.from_click ? truth.from_click(s.pinned->x, s.pinned->y) : json::array({s.pinned->x, s.pinned->y});
  return format_exercise_value(
      e.kind, truth.value.is_array() && truth.value.size() == 1 && place.size() == 2 ? json::array({place[0]}) : place);
}

ExerciseVerdict check_exercise(UiState& s, const std::vector<Exercise>& bank, const std::string& answer) {
  const Exercise& e = find_exercise(bank, s.exercises.current);
  const json params = draw_exercise_params(e, s.exercises.seed);
  const cli::ExerciseTruth truth = exercise_truth(e, params);
  if (!truth.skipped.empty()) throw InvalidInput("skipped here: " + truth.skipped);
  s.exercises.answer = answer;
  const std::string text = exercise_answer_text(s, e, truth);
  if (text.empty()) throw InvalidInput("give an answer first");
  const ExerciseVerdict v = grade_exercise(e, truth, parse_exercise_answer(e, truth, params, text));
  s.exercises.answer = text, s.exercises.checked = true;
  if (v.right && !solved(s, e.id)) s.exercises.solved.push_back(e.id);
  apply_view(s, e, params, true);
  return v;
}

std::vector<std::string> exercise_lines(const UiState& s, const Exercise& e, const cli::ExerciseTruth& truth) {
  const json params = draw_exercise_params(e, s.exercises.seed);
  std::vector<std::string> lines = {e.title + "  (" + exercise_kind_name(e.kind) + ", PMPP ch " +
                                        std::to_string(e.chapter) + ", seed " + std::to_string(s.exercises.seed) + ")",
                                    exercise_question(e, params)};
  if (!truth.skipped.empty()) {
    lines.push_back("Skipped on this machine: " + truth.skipped);
    return lines;
  }
  if (!s.exercises.checked) return lines;
  try {
    const ExerciseVerdict v = grade_exercise(e, truth, parse_exercise_answer(e, truth, params, s.exercises.answer));
    lines.push_back(v.right ? "Right: " + v.truth : "Not quite: you said " + v.answer + ".");
    if (!v.right) lines.push_back(v.why);
  } catch (const InvalidInput& bad) {
    lines.push_back(std::string("Your answer: ") + bad.what());
  }
  lines.push_back("How the tool knows: " + truth.how);
  for (const std::string& f : truth.figures) lines.push_back("  " + f);
  if (!e.lesson.empty()) lines.push_back(e.lesson);
  return lines;
}

const std::vector<Exercise>* ExercisePanel::bank() {
  if (!bank_ && bank_error_.empty()) {
    try {
      bank_ = load_exercise_bank(default_exercise_dir());
    } catch (const InvalidInput& e) {
      bank_error_ = e.what();
    }
  }
  return bank_ ? &*bank_ : nullptr;
}

const cli::ExerciseTruth* ExercisePanel::truth(const Exercise& e, long long seed) {
  const auto key = std::make_pair(e.id, seed);
  if (auto it = truths_.find(key); it != truths_.end()) return &it->second;
  try {
    truth_error_.clear();
    return &(truths_[key] = exercise_truth(e, draw_exercise_params(e, seed)));
  } catch (const InvalidInput& bad) {
    truth_error_ = bad.what();
    return nullptr;
  }
}

void ExercisePanel::panel(UiState& s) {
  const std::vector<Exercise>* exercises = bank();
  if (!exercises) {
    ImGui::TextWrapped("No exercises: %s", bank_error_.c_str());
    return;
  }
  const Exercise* current = nullptr;
  for (const Exercise& e : *exercises)
    if (e.id == s.exercises.current) current = &e;
  ImGui::Text("%d of %d solved", int(s.exercises.solved.size()), int(exercises->size()));
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##exercise", current ? (current->id + ": " + current->title).c_str() : "pick an exercise")) {
    for (const Exercise& e : *exercises) {
      const std::string label = std::string(solved(s, e.id) ? "[x] " : "[ ] ") + e.id + ": " + e.title;
      if (ImGui::Selectable(label.c_str(), current == &e)) {
        start_exercise(s, *exercises, e.id, s.exercises.seed);
        input_[0] = 0;
      }
    }
    ImGui::EndCombo();
  }
  if (!current) return;
  long long seed = s.exercises.seed;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputScalar("seed (your student number)", ImGuiDataType_S64, &seed, nullptr, nullptr, "%lld",
                         ImGuiInputTextFlags_EnterReturnsTrue) &&
      seed != s.exercises.seed) {
    start_exercise(s, *exercises, current->id, seed);
    input_[0] = 0;
  }
  const cli::ExerciseTruth* t = truth(*current, s.exercises.seed);
  if (!t) {
    ImGui::TextWrapped("This exercise cannot be drawn at this seed: %s", truth_error_.c_str());
    return;
  }
  const std::vector<std::string> lines = exercise_lines(s, *current, *t);
  for (std::size_t i = 0; i < lines.size() && (i < 2 || !s.exercises.checked); ++i)
    ImGui::TextWrapped("%s", lines[i].c_str());
  if (!t->skipped.empty()) return;
  if (!s.exercises.checked) {
    const json params = draw_exercise_params(*current, s.exercises.seed);
    if (current->kind == ExerciseKind::choice) {
      for (const std::string& o : exercise_options(*current, params))
        if (ImGui::RadioButton(o.c_str(), s.exercises.answer == o)) s.exercises.answer = o;
    } else {
      if (current->kind == ExerciseKind::locate)
        ImGui::TextWrapped("Click the place on the view (it pins that cell), or type it:");
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
      if (ImGui::InputText(current->unit.empty() ? "answer" : current->unit.c_str(), input_, sizeof input_))
        s.exercises.answer = input_;
      if (current->kind == ExerciseKind::locate && s.exercises.answer.empty() && s.pinned)
        ImGui::Text("your place: %s", exercise_answer_text(s, *current, *t).c_str());
    }
    if (ImGui::Button("Check")) {
      try {
        check_exercise(s, *exercises, s.exercises.answer);
      } catch (const InvalidInput& bad) {
        truth_error_ = bad.what();
      }
    }
    if (!truth_error_.empty()) ImGui::TextWrapped("%s", truth_error_.c_str());
    return;
  }
  ImGui::Separator();
  for (std::size_t i = 2; i < lines.size(); ++i) ImGui::TextWrapped("%s", lines[i].c_str());
  if (ImGui::Button("Try again")) start_exercise(s, *exercises, current->id, s.exercises.seed), input_[0] = 0;
  ImGui::SameLine();
  if (ImGui::Button("Next seed")) start_exercise(s, *exercises, current->id, s.exercises.seed + 1), input_[0] = 0;
}

}  // namespace tilescope
