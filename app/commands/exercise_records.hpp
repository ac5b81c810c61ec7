#pragma once
// What `tilescope exercise list | show | answer | check` say, as records (their --json objects): the
// command prints them, the Python module returns them (ts.exercises, ts.exercise). The truth is the
// pattern's own (app/shell/exercises.hpp: exercise_truth). Unknown ids and pattern names and
// malformed answers throw InvalidInput (one line).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/shell/exercises.hpp"

namespace tilescope::cli {

// The truth cannot be had on this machine (a measurement or a timing without CUDA): "ID is skipped
// here: why". The command exits 3 with it.
struct ExerciseSkipped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `exercise list --json`: [{id, pattern, kind, title, chapter, quantity}], of one pattern where
// `pattern` is not empty.
nlohmann::json exercise_list_record(const std::vector<Exercise>& bank, const std::string& pattern);
// `exercise show --json`: the list's fields plus seed, params, question, answer_form, and unit and
// options where the exercise has them.
nlohmann::json exercise_show_record(const std::vector<Exercise>& bank, const std::string& id, std::int64_t seed);
// `exercise answer --json`: {id, seed, params, how, figures, answer} (answer: the value as printed).
nlohmann::json exercise_answer_record(const std::vector<Exercise>& bank, const std::string& id, std::int64_t seed);
// `exercise check --json`: {id, seed, answer, truth, right, why, how}; `answer` as --answer takes it.
nlohmann::json exercise_check_record(const std::vector<Exercise>& bank, const std::string& id, std::int64_t seed,
                                     const std::string& answer);
// An answer given as JSON (a class file's, the Python module's): a string as it is, a number as JSON
// writes it, a list of integers joined by commas: the text --answer takes.
std::string exercise_answer_text(const nlohmann::json& answer);

}  // namespace tilescope::cli
