#pragma once
// The sidebar's Exercises panel (issue 52): pick an exercise and a seed, read the question with the
// view set up at its state and what would give the answer away turned off, answer (a number, a
// choice, or a click on the view for a place), Check; then the view reveals the truth and the panel
// says where the prediction went wrong. Everything it shows follows from UiState::exercises, so a
// headless shot shows the same (shot --exercise ID --seed S [--answer A]). Names no pattern.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/shell/exercises.hpp"
#include "app/shell/ui_state.hpp"

namespace tilescope {

// Shows exercise `id` at `seed` in `s`: the question's view (the exercise's view and before fields, as a
// scene's), the answer cleared. Throws InvalidInput for an unknown id.
void start_exercise(UiState& s, const std::vector<Exercise>& bank, const std::string& id, long long seed);
// Checks `answer` (empty: the pinned cell, for a place): sets the view to the truth's (the after
// fields) and, when right, marks the exercise solved. Throws InvalidInput for a malformed answer.
ExerciseVerdict check_exercise(UiState& s, const std::vector<Exercise>& bank, const std::string& answer);

// What the panel says, line by line: the question, the options, then once checked the verdict, the
// truth, where the prediction went wrong and how the tool knows. Before the check no line holds the
// truth (test_exercise_panel pins it).
std::vector<std::string> exercise_lines(const UiState& s, const Exercise& e, const cli::ExerciseTruth& truth);
// The answer the panel would check: the text typed, or for a place the pinned cell (mapped by the
// truth's from_click).
std::string exercise_answer_text(const UiState& s, const Exercise& e, const cli::ExerciseTruth& truth);

class ExercisePanel {
 public:
  void panel(UiState& s);  // inside the sidebar's window

 private:
  const std::vector<Exercise>* bank();
  const cli::ExerciseTruth* truth(const Exercise& e, long long seed);

  std::optional<std::vector<Exercise>> bank_;
  std::string bank_error_;
  std::map<std::pair<std::string, long long>, cli::ExerciseTruth> truths_;
  std::string truth_error_;
  char input_[128] = {};
};

}  // namespace tilescope
