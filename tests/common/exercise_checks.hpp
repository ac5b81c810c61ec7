#pragma once
// Exercises (issue 52), for every pattern's tests: each exercise of the bank, at 50 seeds, against an
// independent computation written in the test (a brute-force count, the book's formula, the break
// tests' damage prediction); `check` accepts the tool's answer and refuses one off by one.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "app/shell/exercises.hpp"

namespace tilescope::test {

inline constexpr int kExerciseSeeds = 50;

inline const std::vector<Exercise>& exercise_bank() {
  static const std::vector<Exercise> bank = load_exercise_bank(TILESCOPE_EXERCISES);
  return bank;
}

// Whether `answer` (as a student types it) is graded right.
inline bool graded_right(const Exercise& e, const cli::ExerciseTruth& t, const nlohmann::json& params,
                         const std::string& answer) {
  return grade_exercise(e, t, parse_exercise_answer(e, t, params, answer)).right;
}

// A wrong answer one step off the truth: a count or a number +-1, a place one cell to the left, the next
// option of a choice.
inline std::vector<std::string> off_by_one(const Exercise& e, const nlohmann::json& params,
                                           const nlohmann::json& truth) {
  switch (e.kind) {
    case ExerciseKind::count:
      return {std::to_string(truth.get<long long>() + 1), std::to_string(truth.get<long long>() - 1)};
    case ExerciseKind::ratio:
    case ExerciseKind::reconcile:
      return {std::to_string(truth.get<double>() + 1), std::to_string(truth.get<double>() - 1)};
    case ExerciseKind::choice: {
      const auto options = exercise_options(e, params);
      for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i] == truth.get<std::string>()) return {options[(i + 1) % options.size()]};
      return {};
    }
    case ExerciseKind::locate: {
      nlohmann::json moved = truth;
      moved[0] = truth[0].get<long long>() - 1;
      return {format_exercise_value(e.kind, moved)};
    }
  }
  return {};
}

// For every exercise of `pattern` and seeds 1..50: the tool's truth equals independent(e, params) (a
// count, a number within 1e-9 relative, a name, or a place), `check` accepts the tool's printed answer
// and refuses answers off by one; two seeds draw different parameters. Reconcile exercises, which need
// the GPU's counters, must say why they are skipped where there are none. Returns the exercises seen.
template <typename Independent>
int check_exercises(const std::string& pattern, Independent independent) {
  int seen = 0;
  for (const Exercise& e : exercise_bank()) {
    if (e.pattern != pattern) continue;
    ++seen;
    std::set<std::string> draws;
    for (int seed = 1; seed <= kExerciseSeeds; ++seed) {
      SCOPED_TRACE(e.id + " seed " + std::to_string(seed));
      const nlohmann::json params = draw_exercise_params(e, seed);
      draws.insert(params.dump());
      const cli::ExerciseTruth t = exercise_truth(e, params);
      if (e.kind == ExerciseKind::reconcile && !t.skipped.empty()) break;  // no counters here (said why)
      if (!t.skipped.empty()) {
        ADD_FAILURE() << "skipped: " << t.skipped;
        continue;
      }
      const nlohmann::json expect = independent(e, params);
      if (expect.is_number_float() || t.value.is_number_float())
        EXPECT_NEAR(t.value.get<double>(), expect.get<double>(), 1e-9 * std::max(1.0, std::fabs(expect.get<double>())));
      else
        EXPECT_EQ(t.value, expect);
      const std::string printed = format_exercise_value(e.kind, t.value);
      EXPECT_TRUE(graded_right(e, t, params, printed)) << "printed answer " << printed;
      for (const std::string& wrong : off_by_one(e, params, t.value))
        EXPECT_FALSE(graded_right(e, t, params, wrong)) << "off by one: " << wrong;
    }
    if (e.kind != ExerciseKind::reconcile) EXPECT_GT(draws.size(), 1u) << e.id << ": every seed draws the same";
  }
  return seen;
}

}  // namespace tilescope::test
