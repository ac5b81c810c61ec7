#pragma once
// Exercises (issue 52): questions a student answers before the tool runs, graded with the truth the
// tool already holds. An exercise is data (assets/exercises/*.json): its kind, its pattern, the
// parameters' ranges and the quantity asked, never an answer. The parameters are drawn from a seed
// (a student number), and the answer is computed at them by the pattern's own code: the quantity of
// that name in its list (app/cli/exercise_quantity.hpp, app/<pattern>/exercises.cpp). Names no pattern.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/exercise_quantity.hpp"

namespace tilescope {

enum class ExerciseKind { count, ratio, choice, locate, reconcile };
const char* exercise_kind_name(ExerciseKind k);

inline constexpr std::uint64_t kMaxExerciseFileBytes = 256 * 1024;

// One parameter: a fixed value, an integer range (bounds: integers or expressions of earlier
// parameters: "size", "size-1", "grid/2") or one of a list.
struct ExerciseParam {
  std::string name;
  nlohmann::json value;            // fixed (when lo is empty and one_of is empty)
  std::vector<nlohmann::json> lo;  // [lo, hi] as given
  std::vector<nlohmann::json> one_of;
};

struct Exercise {
  std::string id, pattern, title, question, quantity, file;
  int chapter = 0;
  ExerciseKind kind = ExerciseKind::count;
  double tolerance = 0;  // count and locate: absolute; ratio and reconcile: relative
  std::string unit;      // "cells", "OP/B", "bytes", ...
  std::vector<ExerciseParam> params;
  std::vector<std::string> options;  // choice: what the student picks from ("$name": a parameter's value)
  // The view (a scene's fields, "$name" standing for a parameter's value): `view` always, `before` on
  // top of it until the answer is checked (what would give the answer away, turned off), `after` once
  // it is (the truth revealed).
  nlohmann::json view, before, after;
  std::string lesson;  // after the check: what the exercise is about (optional)
};

// The exercises of every .json file in `dir` (by file name), each file {"version": 1, "exercises":
// [...]}. Throws InvalidInput, one line naming the file and the exercise, for a file that is not a
// regular file of at most kMaxExerciseFileBytes holding such an object, an exercise with a missing or
// wrong field, an unknown pattern, kind or quantity, a duplicated id, or any field named "answer".
std::vector<Exercise> load_exercise_bank(const std::string& dir);
// The same for one file's text; `name` stands for the file in messages.
std::vector<Exercise> parse_exercise_file(const std::string& text, const std::string& name);
// Where the bank is: $TILESCOPE_EXERCISES, else the source tree's assets/exercises.
std::string default_exercise_dir();
// The exercise of that id; InvalidInput (one line, naming a few ids) when there is none.
const Exercise& find_exercise(const std::vector<Exercise>& bank, const std::string& id);

// The parameters drawn from `seed`: an object of values by name, the same on every machine.
nlohmann::json draw_exercise_params(const Exercise& e, std::int64_t seed);
// The question with every {name} replaced by its value.
std::string exercise_question(const Exercise& e, const nlohmann::json& params);
// The choice's options at these parameters.
std::vector<std::string> exercise_options(const Exercise& e, const nlohmann::json& params);
// The truth, from the pattern's own code (InvalidInput when the parameters cannot run).
cli::ExerciseTruth exercise_truth(const Exercise& e, const nlohmann::json& params);
// A scene's fields for the view at the question (checked false) or after the check (true).
nlohmann::json exercise_view(const Exercise& e, const nlohmann::json& params, bool checked);

// The value as the tool prints it (the last line of `exercise answer`).
std::string format_exercise_value(ExerciseKind kind, const nlohmann::json& value);
// A student's answer as text ("24", "9.57", "tiled_out", "3,1"), parsed for this kind and truth;
// InvalidInput (one line) when it is malformed.
nlohmann::json parse_exercise_answer(const Exercise& e, const cli::ExerciseTruth& truth, const nlohmann::json& params,
                                     const std::string& answer);

struct ExerciseVerdict {
  bool right = false;
  std::string answer, truth;  // both as printed
  std::string why;            // where the prediction went wrong (empty when right)
};
// Grades a parsed answer (parse_exercise_answer) against the truth with the kind's tolerance.
ExerciseVerdict grade_exercise(const Exercise& e, const cli::ExerciseTruth& truth, const nlohmann::json& answer);

}  // namespace tilescope
