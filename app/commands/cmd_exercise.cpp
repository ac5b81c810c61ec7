// tilescope exercise list | show | answer | check | grade: the exercise bank on the command line, for
// students and for autograding (issue 52). Exit codes: 0 right (or done), 1 wrong, 2 bad input (a
// malformed answer, an unknown exercise, a bad file), 3 the exercise cannot be answered on this
// machine (a measurement or timing without CUDA), with the reason.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "app/commands/commands.hpp"
#include "app/io/regular_file.hpp"
#include "app/shell/exercises.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {

using nlohmann::json;

constexpr int kSkippedExit = 3;

struct ExerciseCli {
  std::string bank = default_exercise_dir();
  std::string pattern, id, answer, file;
  std::int64_t seed = 0;
  bool json = false;
};

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

std::string params_text(const json& params) {
  std::string s;
  for (auto it = params.begin(); it != params.end(); ++it)
    s += (s.empty() ? "" : " ") + it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
  return s;
}

json summary_json(const Exercise& e) {
  return {{"id", e.id},       {"pattern", e.pattern}, {"kind", exercise_kind_name(e.kind)},
          {"title", e.title}, {"chapter", e.chapter}, {"quantity", e.quantity}};
}

void list(const ExerciseCli& o) {
  const auto bank = load_exercise_bank(o.bank);
  json out = json::array();
  for (const Exercise& e : bank)
    if (o.pattern.empty() || e.pattern == o.pattern) out.push_back(summary_json(e));
  if (!o.pattern.empty() && out.empty()) throw InvalidInput("no exercise of pattern '" + o.pattern + "'");
  if (o.json) {
    std::cout << out.dump(2) << "\n";
    return;
  }
  for (const json& e : out)
    std::cout << std::left << std::setw(34) << e["id"].get<std::string>() << std::setw(10)
              << e["pattern"].get<std::string>() << std::setw(10) << e["kind"].get<std::string>() << "ch "
              << e["chapter"].get<int>() << "  " << e["title"].get<std::string>() << "\n";
  std::cout << out.size() << " exercises\n";
}

void show(const ExerciseCli& o) {
  const auto bank = load_exercise_bank(o.bank);
  const Exercise& e = find_exercise(bank, o.id);
  const json params = draw_exercise_params(e, o.seed);
  const auto options = exercise_options(e, params);
  if (o.json) {
    json j = summary_json(e);
    j["seed"] = o.seed, j["params"] = params, j["question"] = exercise_question(e, params);
    j["answer_form"] = answer_form(e.kind);
    if (!e.unit.empty()) j["unit"] = e.unit;
    if (!options.empty()) j["options"] = options;
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << e.id << " (" << exercise_kind_name(e.kind) << ", " << e.pattern << ", PMPP ch " << e.chapter
            << "), seed " << o.seed << "\n"
            << e.title << "\n\n"
            << exercise_question(e, params) << "\n\n";
  if (!options.empty()) {
    std::string s;
    for (const std::string& x : options) s += (s.empty() ? "" : ", ") + x;
    std::cout << "options: " << s << "\n";
  }
  std::cout << "answer: " << answer_form(e.kind) << (e.unit.empty() ? "" : " (" + e.unit + ")") << "\n"
            << "parameters: " << params_text(params) << "\n";
}

// The truth, or exit 3 with why it cannot be had here.
cli::ExerciseTruth truth_or_skip(const Exercise& e, const json& params) {
  cli::ExerciseTruth t = exercise_truth(e, params);
  if (!t.skipped.empty()) {
    std::cerr << "tilescope: " << e.id << " is skipped here: " << t.skipped << "\n";
    throw CLI::RuntimeError(kSkippedExit);
  }
  return t;
}

void answer(const ExerciseCli& o) {
  const auto bank = load_exercise_bank(o.bank);
  const Exercise& e = find_exercise(bank, o.id);
  const json params = draw_exercise_params(e, o.seed);
  const cli::ExerciseTruth t = truth_or_skip(e, params);
  std::cout << e.id << ", seed " << o.seed << ": " << params_text(params) << "\n" << t.how << "\n";
  for (const std::string& f : t.figures) std::cout << "  " << f << "\n";
  std::cout << format_exercise_value(e.kind, t.value) << "\n";
}

void check(const ExerciseCli& o) {
  const auto bank = load_exercise_bank(o.bank);
  const Exercise& e = find_exercise(bank, o.id);
  const json params = draw_exercise_params(e, o.seed);
  const cli::ExerciseTruth t = truth_or_skip(e, params);
  const ExerciseVerdict v = grade_exercise(e, t, parse_exercise_answer(e, t, params, o.answer));
  if (o.json) {
    std::cout << json{{"id", e.id},       {"seed", o.seed}, {"answer", v.answer}, {"truth", v.truth},
                      {"right", v.right}, {"why", v.why},   {"how", t.how}}
                     .dump(2)
              << "\n";
  } else if (v.right) {
    std::cout << "right: " << v.truth << "\n" << t.how << "\n";
  } else {
    std::cout << "wrong: " << v.why << "\n" << t.how << "\n";
  }
  if (!v.right) throw CLI::RuntimeError(1);
}

// A class file: a JSON list of {"student", "seed", "id", "answer"}; a row that cannot be graded is
// marked (malformed, unknown exercise, skipped) and counts as not right.
void grade(const ExerciseCli& o) {
  const json rows = json::parse(io::read_whole_file(o.file, 16 << 20, "an answers file"), nullptr, false);
  if (rows.is_discarded() || !rows.is_array())
    throw InvalidInput("'" + o.file + "' is not a JSON list of {\"student\", \"seed\", \"id\", \"answer\"} rows");
  const auto bank = load_exercise_bank(o.bank);
  json out = json::array();
  std::map<std::string, std::pair<int, int>> totals;  // student -> (right, rows)
  for (const json& r : rows) {
    json row = {{"student", ""}, {"id", ""}, {"seed", nullptr}, {"answer", ""}, {"truth", ""}, {"right", false}};
    std::string verdict;
    try {
      if (!r.is_object() || !r.contains("student") || !r.contains("seed") || !r.contains("id") || !r.contains("answer"))
        throw InvalidInput("a row needs student, seed, id and answer");
      if (!r["student"].is_string() && !r["student"].is_number_integer())
        throw InvalidInput("student must be a name or a number");
      row["student"] = r["student"].is_string() ? r["student"].get<std::string>() : r["student"].dump();
      if (!r["seed"].is_number_integer()) throw InvalidInput("seed must be an integer");
      if (!r["id"].is_string()) throw InvalidInput("id must be a string");
      row["seed"] = r["seed"], row["id"] = r["id"];
      const json& a = r["answer"];
      std::string text;
      if (a.is_string())
        text = a.get<std::string>();
      else if (a.is_number())
        text = a.dump();
      else if (a.is_array()) {
        for (const json& x : a) text += (text.empty() ? "" : ",") + x.dump();
      } else
        throw InvalidInput("answer must be a number, a name or a list of integers");
      row["answer"] = text;
      const Exercise& e = find_exercise(bank, r["id"].get<std::string>());
      const json params = draw_exercise_params(e, r["seed"].get<std::int64_t>());
      const cli::ExerciseTruth t = exercise_truth(e, params);
      if (!t.skipped.empty()) throw InvalidInput("skipped here: " + t.skipped);
      const ExerciseVerdict v = grade_exercise(e, t, parse_exercise_answer(e, t, params, text));
      row["truth"] = v.truth, row["right"] = v.right;
      verdict = v.right ? "right" : "wrong";
      if (!v.right) row["why"] = v.why;
    } catch (const InvalidInput& bad) {
      verdict = std::string("not graded: ") + bad.what();
      row["why"] = bad.what();
    }
    row["verdict"] = verdict;
    auto& [right, total] = totals[row["student"].get<std::string>()];
    right += row["right"].get<bool>(), ++total;
    out.push_back(row);
  }
  if (o.json) {
    json students = json::object();
    for (const auto& [s, t] : totals) students[s] = {{"right", t.first}, {"rows", t.second}};
    std::cout << json{{"rows", out}, {"students", students}}.dump(2) << "\n";
    return;
  }
  std::cout << std::left << std::setw(14) << "student" << std::setw(34) << "exercise" << std::setw(8) << "seed"
            << std::setw(14) << "answer" << std::setw(14) << "truth"
            << "verdict\n";
  for (const json& row : out)
    std::cout << std::setw(14) << row["student"].get<std::string>().substr(0, 13) << std::setw(34)
              << row["id"].get<std::string>().substr(0, 33) << std::setw(8) << row["seed"].dump() << std::setw(14)
              << row["answer"].get<std::string>().substr(0, 13) << std::setw(14)
              << row["truth"].get<std::string>().substr(0, 13) << row["verdict"].get<std::string>() << "\n";
  std::cout << "\n";
  for (const auto& [s, t] : totals) std::cout << s << ": " << t.first << " / " << t.second << " right\n";
}

}  // namespace

void add_exercise_command(CLI::App& app) {
  auto o = std::make_shared<ExerciseCli>();
  CLI::App* cmd = app.add_subcommand("exercise",
                                     "the exercise bank: questions graded by the tool's own geometry, "
                                     "count, model and measurements (list, show, answer, check, grade)");
  cmd->require_subcommand(1);
  auto bank_option = [o](CLI::App* c) {
    c->add_option("--bank", o->bank, "the folder of exercise files (default $TILESCOPE_EXERCISES or assets/exercises)");
  };
  CLI::App* l = cmd->add_subcommand("list", "every exercise: id, pattern, kind, chapter, title");
  l->add_option("--pattern", o->pattern, "only this pattern's");
  l->add_flag("--json", o->json, "a JSON list of {id, pattern, kind, title, chapter, quantity}");
  bank_option(l);
  l->callback([o] { list(*o); });
  auto id_seed = [o, bank_option](CLI::App* c) {
    c->add_option("id", o->id, "the exercise's id (exercise list)")->required();
    c->add_option("--seed", o->seed, "draws the parameters (a student number; any integer)")->required();
    bank_option(c);
  };
  CLI::App* s = cmd->add_subcommand("show", "the question at the seed's parameters");
  id_seed(s);
  s->add_flag("--json", o->json, "one JSON object: question, params, options, answer_form");
  s->callback([o] { show(*o); });
  CLI::App* a =
      cmd->add_subcommand("answer", "how the tool computes the answer, then the answer alone on the last line");
  id_seed(a);
  a->callback([o] { answer(*o); });
  CLI::App* c =
      cmd->add_subcommand("check", "grade an answer: exit 0 right, 1 wrong, 2 malformed or unknown, 3 skipped");
  id_seed(c);
  c->add_option("--answer", o->answer, "the prediction: a number, an option's name, or X,Y")->required();
  c->add_flag("--json", o->json, "one JSON object: answer, truth, right, why, how");
  c->callback([o] { check(*o); });
  CLI::App* g = cmd->add_subcommand("grade", "grade a class: a JSON list of {student, seed, id, answer} rows");
  g->add_option("answers", o->file, "the class file")->required();
  g->add_flag("--json", o->json, "{rows: [...], students: {name: {right, rows}}}");
  bank_option(g);
  g->callback([o] { grade(*o); });
}

}  // namespace tilescope::cli
