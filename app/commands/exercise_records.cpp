#include "app/commands/exercise_records.hpp"

#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {

using nlohmann::json;

const char* answer_form(ExerciseKind k) {
  switch (k) {
    case ExerciseKind::count: return "a whole number";
    case ExerciseKind::ratio: return "a number (within 1% unless the exercise says otherwise)";
    case ExerciseKind::choice: return "one of the options, by name";
    case ExerciseKind::locate: return "a place: integers separated by commas (in the app: a click on the view)";
    case ExerciseKind::reconcile: return "a number of bytes (within 25%): measured on the GPU";
  }
  return "";
}

json summary_json(const Exercise& e) {
  return {{"id", e.id},       {"pattern", e.pattern}, {"kind", exercise_kind_name(e.kind)},
          {"title", e.title}, {"chapter", e.chapter}, {"quantity", e.quantity}};
}

// The truth, or ExerciseSkipped with why it cannot be had here.
ExerciseTruth truth_or_skip(const Exercise& e, const json& params) {
  ExerciseTruth t = exercise_truth(e, params);
  if (!t.skipped.empty()) throw ExerciseSkipped(e.id + " is skipped here: " + t.skipped);
  return t;
}

}  // namespace

json exercise_list_record(const std::vector<Exercise>& bank, const std::string& pattern) {
  json out = json::array();
  for (const Exercise& e : bank)
    if (pattern.empty() || e.pattern == pattern) out.push_back(summary_json(e));
  if (!pattern.empty() && out.empty()) throw InvalidInput("no exercise of pattern '" + pattern + "'");
  return out;
}

json exercise_show_record(const std::vector<Exercise>& bank, const std::string& id, std::int64_t seed) {
  const Exercise& e = find_exercise(bank, id);
  const json params = draw_exercise_params(e, seed);
  json j = summary_json(e);
  j["seed"] = seed, j["params"] = params, j["question"] = exercise_question(e, params);
  j["answer_form"] = answer_form(e.kind);
  if (!e.unit.empty()) j["unit"] = e.unit;
  if (const auto options = exercise_options(e, params); !options.empty()) j["options"] = options;
  return j;
}

json exercise_answer_record(const std::vector<Exercise>& bank, const std::string& id, std::int64_t seed) {
  const Exercise& e = find_exercise(bank, id);
  const json params = draw_exercise_params(e, seed);
  const ExerciseTruth t = truth_or_skip(e, params);
  return {{"id", e.id},   {"seed", seed},         {"params", params},
          {"how", t.how}, {"figures", t.figures}, {"answer", format_exercise_value(e.kind, t.value)}};
}

json exercise_check_record(const std::vector<Exercise>& bank, const std::string& id, std::int64_t seed,
                           const std::string& answer) {
  const Exercise& e = find_exercise(bank, id);
  const json params = draw_exercise_params(e, seed);
  const ExerciseTruth t = truth_or_skip(e, params);
  const ExerciseVerdict v = grade_exercise(e, t, parse_exercise_answer(e, t, params, answer));
  return {{"id", e.id},       {"seed", seed}, {"answer", v.answer}, {"truth", v.truth},
          {"right", v.right}, {"why", v.why}, {"how", t.how}};
}

std::string exercise_answer_text(const json& answer) {
  if (answer.is_string()) return answer.get<std::string>();
  if (answer.is_number()) return answer.dump();
  if (!answer.is_array()) throw InvalidInput("answer must be a number, a name or a list of integers");
  std::string text;
  for (const json& x : answer) text += (text.empty() ? "" : ",") + x.dump();
  return text;
}

}  // namespace tilescope::cli
