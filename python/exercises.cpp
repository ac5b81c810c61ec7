// ts.exercises, ts.exercise: the records of `tilescope exercise list | show | answer | check --json`
// (app/commands/exercise_records.hpp), as JSON text (the Python layer makes them dicts). An empty bank
// is the command's default (default_exercise_dir).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "app/commands/exercise_records.hpp"
#include "app/shell/exercises.hpp"
#include "kernels/common/error.hpp"
#include "python/module.hpp"

namespace tilescope::python {
namespace {

using nlohmann::json;

std::vector<Exercise> bank_of(const std::string& bank) {
  return load_exercise_bank(bank.empty() ? default_exercise_dir() : bank);
}

std::string list(const std::string& bank, const std::string& pattern) {
  return cli::exercise_list_record(bank_of(bank), pattern).dump();
}

std::string show(const std::string& bank, const std::string& id, std::int64_t seed) {
  return cli::exercise_show_record(bank_of(bank), id, seed).dump();
}

// The truth may take a kernel's run (a timing, the counters, a broken kernel's emulation): without the GIL.
std::string answer(const std::string& bank, const std::string& id, std::int64_t seed) {
  return unlocked([&] { return cli::exercise_answer_record(bank_of(bank), id, seed).dump(); });
}

// `answer`: the student's answer as JSON text (a number, a name, a list of integers).
std::string check(const std::string& bank, const std::string& id, std::int64_t seed, const std::string& answer) {
  const json a = json::parse(answer, nullptr, false);
  if (a.is_discarded()) throw InvalidInput("answer must be a number, a name or a list of integers");
  const std::string text = cli::exercise_answer_text(a);
  return unlocked([&] { return cli::exercise_check_record(bank_of(bank), id, seed, text).dump(); });
}

}  // namespace

void add_exercises(py::module_& m) {
  m.def("exercise_list", &list, py::arg("bank"), py::arg("pattern"));
  m.def("exercise_show", &show, py::arg("bank"), py::arg("id"), py::arg("seed"));
  m.def("exercise_answer", &answer, py::arg("bank"), py::arg("id"), py::arg("seed"));
  m.def("exercise_check", &check, py::arg("bank"), py::arg("id"), py::arg("seed"), py::arg("answer"));
}

}  // namespace tilescope::python
