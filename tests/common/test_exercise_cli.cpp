// `tilescope exercise` (issue 52) through the binary: list, show, answer, check's exit codes (0 right,
// 1 wrong, 2 malformed or unknown, 3 skipped here), grade's table, and a bad exercise file refused in
// one line.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"

namespace tilescope::test {
namespace {

using nlohmann::json;

CliResult exercise(const std::string& args) { return run_shell(tilescope_exe() + " exercise " + args + " 2>&1"); }

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s.substr(s.rfind('\n') + 1);
}

int lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

TEST(ExerciseCli, ListGivesAtLeast36ExercisesEightPerPatternAsJson) {
  const CliResult r = run_shell(tilescope_exe() + " exercise list --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const json list = json::parse(r.out);
  EXPECT_GE(list.size(), 36u);
  for (const char* p : {"conv2d", "conv1d", "stencil3d", "matmul"})
    EXPECT_GE(std::count_if(list.begin(), list.end(), [&](const json& e) { return e["pattern"] == p; }), 8) << p;
  for (const json& e : list)
    for (const char* key : {"id", "pattern", "kind", "title"}) EXPECT_TRUE(e.contains(key)) << key;
  const json only = json::parse(run_shell(tilescope_exe() + " exercise list --pattern matmul --json").out);
  EXPECT_TRUE(std::all_of(only.begin(), only.end(), [](const json& e) { return e["pattern"] == "matmul"; }));
}

TEST(ExerciseCli, TwoSeedsDrawDifferentParameters) {
  const json a = json::parse(run_shell(tilescope_exe() + " exercise show conv2d-ghost-cells --seed 1 --json").out);
  const json b = json::parse(run_shell(tilescope_exe() + " exercise show conv2d-ghost-cells --seed 2 --json").out);
  EXPECT_NE(a["params"], b["params"]);
  EXPECT_EQ(
      a["params"],
      json::parse(run_shell(tilescope_exe() + " exercise show conv2d-ghost-cells --seed 1 --json").out)["params"]);
  EXPECT_FALSE(a.contains("answer"));
}

TEST(ExerciseCli, CheckExitsZeroForTheAnswerOneOffByOneTwoForMalformedOrUnknown) {
  const CliResult answer = exercise("answer matmul-phases --seed 7");
  ASSERT_EQ(answer.code, 0) << answer.out;
  const std::string truth = last_line(answer.out);
  EXPECT_EQ(exercise("check matmul-phases --seed 7 --answer " + truth).code, 0);
  EXPECT_EQ(exercise("check matmul-phases --seed 7 --answer " + std::to_string(std::stoi(truth) + 1)).code, 1);
  const CliResult malformed = exercise("check matmul-phases --seed 7 --answer seven");
  EXPECT_EQ(malformed.code, 2);
  EXPECT_EQ(lines(malformed.out), 1) << malformed.out;
  const CliResult unknown = exercise("check no-such-exercise --seed 7 --answer 1");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_EQ(lines(unknown.out), 1) << unknown.out;
  EXPECT_EQ(exercise("check matmul-phases --seed x --answer 1").code, 2);
  const json j =
      json::parse(run_shell(tilescope_exe() + " exercise check matmul-phases --seed 7 --json --answer " + truth).out);
  EXPECT_TRUE(j["right"].get<bool>());
}

TEST(ExerciseCli, ChoiceAndLocateAnswersRoundTrip) {
  for (const std::string id : {"conv2d-highest-opb", "conv2d-output-tile-of-block", "stencil3d-first-damaged"}) {
    const CliResult answer = exercise("answer " + id + " --seed 3");
    ASSERT_EQ(answer.code, 0) << answer.out;
    EXPECT_EQ(exercise("check " + id + " --seed 3 --answer " + last_line(answer.out)).code, 0) << id;
  }
  EXPECT_EQ(exercise("check conv2d-highest-opb --seed 3 --answer fastest").code, 2);         // not an option
  EXPECT_EQ(exercise("check conv2d-output-tile-of-block --seed 3 --answer 1,2,3").code, 2);  // not a pixel
}

#ifndef TILESCOPE_HAVE_CUDA_BUILD
TEST(ExerciseCli, ReconcileSaysWhyItIsSkippedWithoutCuda) {
  const CliResult r = exercise("check conv2d-reconcile-dram --seed 1 --answer 1000");
  if (r.code == 0 || r.code == 1) GTEST_SKIP() << "this machine reads the GPU's counters";
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find("skipped"), std::string::npos) << r.out;
  EXPECT_EQ(lines(r.out), 1) << r.out;
}
#endif

class ExerciseFiles : public ScratchDirTest {};

TEST_F(ExerciseFiles, GradeWritesATableAndMarksBadRows) {
  const std::string truth = last_line(exercise("answer matmul-blocks --seed 5").out);
  write("class.json", json::array({{{"student", "ada"}, {"seed", 5}, {"id", "matmul-blocks"}, {"answer", truth}},
                                   {{"student", "bob"}, {"seed", 5}, {"id", "matmul-blocks"}, {"answer", "0"}},
                                   {{"student", "bob"}, {"seed", 5}, {"id", "nope"}, {"answer", "1"}}})
                          .dump());
  const CliResult text = exercise("grade " + path("class.json"));
  ASSERT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("ada: 1 / 1 right"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("bob: 0 / 2 right"), std::string::npos) << text.out;
  const json j = json::parse(run_shell(tilescope_exe() + " exercise grade --json " + path("class.json")).out);
  EXPECT_TRUE(j["rows"][0]["right"].get<bool>());
  EXPECT_FALSE(j["rows"][1]["right"].get<bool>());
  EXPECT_NE(j["rows"][2]["verdict"].get<std::string>().find("not graded"), std::string::npos);
  write("bad.json", "{\"student\": 1}");
  const CliResult bad = exercise("grade " + path("bad.json"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(lines(bad.out), 1) << bad.out;
}

TEST_F(ExerciseFiles, ABadExerciseFileIsRefusedInOneLine) {
  const std::string good =
      R"({"id": "x-1", "chapter": 5, "pattern": "matmul", "kind": "count", "title": "t", "question": "q",
          "quantity": "phases", "params": [{"name": "strategy", "value": "tiled"}, {"name": "tile", "value": 8},
          {"name": "rows", "value": 8}, {"name": "inner", "range": [5, 40]}, {"name": "cols", "value": 8}]})";
  const std::string cases[] = {
      "not json",
      R"({"version": 1, "exercises": []})",
      R"({"version": 1, "exercises": [)" + good.substr(0, good.size() - 1) + R"(, "answer": 3}]})",
      R"({"version": 1, "exercises": [)" + std::string(good).replace(good.find("phases"), 6, "nothing") + "]}",
      R"({"version": 1, "exercises": [)" + std::string(good).replace(good.find("matmul"), 6, "conv9d") + "]}",
      R"({"version": 1, "exercises": [)" + std::string(good).replace(good.find("count"), 5, "guess") + "]}",
      R"({"version": 1, "exercises": [)" + std::string(good).replace(good.find("[5, 40]"), 7, "[5, \"rowz\"]") + "]}",
      R"({"version": 1, "exercises": [)" + good + "," + good + "]}",
  };
  int i = 0;
  for (const std::string& text : cases) {
    const std::string dir = path("bank" + std::to_string(i++));
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/a.json") << text;
    const CliResult r = exercise("list --bank " + dir);
    EXPECT_EQ(r.code, 2) << text << "\n" << r.out;
    EXPECT_EQ(lines(r.out), 1) << text << "\n" << r.out;
  }
  const std::string dir = path("good");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/a.json") << R"({"version": 1, "exercises": [)" + good + "]}";
  EXPECT_EQ(exercise("list --bank " + dir).code, 0);
}

}  // namespace
}  // namespace tilescope::test
