// The Exercises panel (issue 52): before the check nothing on screen gives the answer away, after it
// the view reveals the truth. `shot --exercise ID --seed S [--answer A]` renders both; the break's
// damage (magenta) is absent before the check and drawn after it; the panel's lines hold the truth
// only after the check.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <string>

#include "app/shell/exercise_panel.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"

namespace tilescope::test {
namespace {

using nlohmann::json;

int magenta_pixels(const std::string& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* p = stbi_load(png.c_str(), &w, &h, &n, 3);
  if (!p) return -1;
  int count = 0;
  for (int i = 0; i < w * h; ++i) count += p[3 * i] > 230 && p[3 * i + 1] < 40 && p[3 * i + 2] > 230;
  stbi_image_free(p);
  return count;
}

class ExerciseShot : public ScratchDirTest {};

TEST_F(ExerciseShot, TheDamageIsHiddenBeforeTheCheckAndShownAfter) {
  const std::vector<Exercise> bank = load_exercise_bank(TILESCOPE_EXERCISES);
  const Exercise& e = find_exercise(bank, "conv2d-first-damaged");
  const long long seed = 4;
  const cli::ExerciseTruth truth = exercise_truth(e, draw_exercise_params(e, seed));
  const std::string answer = format_exercise_value(e.kind, truth.value);
  const std::string base = tilescope_exe() + " shot --size 1200x800 --exercise conv2d-first-damaged --seed 4 --out ";
  const CliResult before = run_shell(base + path("before.png") + " 2>&1");
  ASSERT_EQ(before.code, 0) << before.out;
  const CliResult after = run_shell(base + path("after.png") + " --answer " + answer + " 2>&1");
  ASSERT_EQ(after.code, 0) << after.out;
  EXPECT_EQ(magenta_pixels(path("before.png")), 0);
  EXPECT_GT(magenta_pixels(path("after.png")), 50);
  const CliResult bad = run_shell(base + path("bad.png") + " --answer nowhere 2>&1");
  EXPECT_EQ(bad.code, 2) << bad.out;
}

TEST(ExercisePanel, ItsLinesHoldTheTruthOnlyAfterTheCheck) {
  const std::vector<Exercise> bank = load_exercise_bank(TILESCOPE_EXERCISES);
  for (const Exercise& e : bank) {
    if (e.kind == ExerciseKind::reconcile) continue;
    UiState s;
    start_exercise(s, bank, e.id, 11);
    const cli::ExerciseTruth truth = exercise_truth(e, draw_exercise_params(e, 11));
    for (const std::string& line : exercise_lines(s, e, truth))
      EXPECT_EQ(line.find(truth.how), std::string::npos) << e.id << ": " << line;
    const std::string answer = format_exercise_value(e.kind, truth.value);
    const ExerciseVerdict v = check_exercise(s, bank, answer);
    EXPECT_TRUE(v.right) << e.id;
    bool shown = false;
    for (const std::string& line : exercise_lines(s, e, truth))
      shown = shown || line.find(truth.how) != std::string::npos;
    EXPECT_TRUE(shown) << e.id;
    EXPECT_EQ(s.exercises.solved.back(), e.id);
  }
}

TEST(ExercisePanel, ACheckedPlaceCanBeTheClickedCell) {
  const std::vector<Exercise> bank = load_exercise_bank(TILESCOPE_EXERCISES);
  const Exercise& e = find_exercise(bank, "matmul-tile-of-block");
  UiState s;
  start_exercise(s, bank, e.id, 2);
  const cli::ExerciseTruth truth = exercise_truth(e, draw_exercise_params(e, 2));
  s.pinned = Pixel{int(truth.value[0]) + 1, int(truth.value[1]) + 1};  // a click inside the block's tile
  EXPECT_TRUE(check_exercise(s, bank, "").right);
}

}  // namespace
}  // namespace tilescope::test
