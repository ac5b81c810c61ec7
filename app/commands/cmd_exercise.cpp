// tilescope exercise list | show | answer | check | grade: the exercise bank on the command line, for
// students and for autograding (issue 52). Exit codes: 0 right (or done), 1 wrong, 2 bad input (a
// malformed answer, an unknown exercise, a bad file), 3 the exercise cannot be answered on this
// machine (a measurement or timing without CUDA), with the reason.
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>

#include "app/commands/commands.hpp"
#include "app/commands/exercise_records.hpp"
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

std::string params_text(const json& params) {
  std::string s;
  for (auto it = params.begin(); it != params.end(); ++it)
    s += (s.empty() ? "" : " ") + it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
  return s;
}

void list(const ExerciseCli& o) {
  const json out = exercise_list_record(load_exercise_bank(o.bank), o.pattern);
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
  const json j = exercise_show_record(load_exercise_bank(o.bank), o.id, o.seed);
  if (o.json) {
    std::cout << j.dump(2) << "\n";
    return;
  }
  const auto text = [&](const char* key) { return j[key].get<std::string>(); };
  std::cout << text("id") << " (" << text("kind") << ", " << text("pattern") << ", PMPP ch " << j["chapter"].get<int>()
            << "), seed " << o.seed << "\n"
            << text("title") << "\n\n"
            << text("question") << "\n\n";
  if (j.contains("options")) {
    std::string s;
    for (const json& x : j["options"]) s += (s.empty() ? "" : ", ") + x.get<std::string>();
    std::cout << "options: " << s << "\n";
  }
  std::cout << "answer: " << text("answer_form") << (j.contains("unit") ? " (" + text("unit") + ")" : "") << "\n"
            << "parameters: " << params_text(j["params"]) << "\n";
}

// An exercise that cannot be answered here: says why, exit 3.
template <typename Work>
void or_skipped(Work work) {
  try {
    work();
  } catch (const ExerciseSkipped& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    throw CLI::RuntimeError(kSkippedExit);
  }
}

void answer(const ExerciseCli& o) {
  or_skipped([&] {
    const json j = exercise_answer_record(load_exercise_bank(o.bank), o.id, o.seed);
    if (o.json) {
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::cout << j["id"].get<std::string>() << ", seed " << o.seed << ": " << params_text(j["params"]) << "\n"
              << j["how"].get<std::string>() << "\n";
    for (const json& f : j["figures"]) std::cout << "  " << f.get<std::string>() << "\n";
    std::cout << j["answer"].get<std::string>() << "\n";
  });
}

void check(const ExerciseCli& o) {
  json j;
  or_skipped([&] { j = exercise_check_record(load_exercise_bank(o.bank), o.id, o.seed, o.answer); });
  const bool right = j["right"].get<bool>();
  if (o.json)
    std::cout << j.dump(2) << "\n";
  else
    std::cout << (right ? "right: " + j["truth"].get<std::string>() : "wrong: " + j["why"].get<std::string>()) << "\n"
              << j["how"].get<std::string>() << "\n";
  if (!right) throw CLI::RuntimeError(1);
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
    const auto not_graded = [&](const char* why) { verdict = std::string("not graded: ") + why, row["why"] = why; };
    try {
      if (!r.is_object() || !r.contains("student") || !r.contains("seed") || !r.contains("id") || !r.contains("answer"))
        throw InvalidInput("a row needs student, seed, id and answer");
      if (!r["student"].is_string() && !r["student"].is_number_integer())
        throw InvalidInput("student must be a name or a number");
      row["student"] = r["student"].is_string() ? r["student"].get<std::string>() : r["student"].dump();
      if (!r["seed"].is_number_integer()) throw InvalidInput("seed must be an integer");
      if (!r["id"].is_string()) throw InvalidInput("id must be a string");
      row["seed"] = r["seed"], row["id"] = r["id"];
      const std::string text = exercise_answer_text(r["answer"]);
      row["answer"] = text;
      const json v = exercise_check_record(bank, r["id"].get<std::string>(), r["seed"].get<std::int64_t>(), text);
      row["truth"] = v["truth"], row["right"] = v["right"];
      verdict = v["right"].get<bool>() ? "right" : "wrong";
      if (!v["right"].get<bool>()) row["why"] = v["why"];
    } catch (const InvalidInput& bad) {
      not_graded(bad.what());
    } catch (const ExerciseSkipped& skipped) {
      not_graded(skipped.what());
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
  a->add_flag("--json", o->json, "one JSON object: params, how, figures, answer");
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
