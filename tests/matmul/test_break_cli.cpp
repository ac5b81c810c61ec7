// tilescope apply --pattern matmul --break NAME: the product it writes differs from the reference at
// exactly the elements the geometry says the bug damages; a bug matmul cannot have is refused with
// one line (exit 2) and nothing is written.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/io/npy.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "tests/common/break_cli.hpp"
#include "tests/common/test_util.hpp"
#include "tests/matmul/break_damage.hpp"

using namespace tilescope;

using MatmulBreakCli = test::BreakCliTest<MatmulPattern>;

TEST_F(MatmulBreakCli, ApplyBreakDamagesExactlyThePredictedOutputs) {
  const MatmulParams p{MatmulStrategy::tiled, 8, 21, 13, 19};
  const std::vector<float> M = test::random_image(p.inner, p.rows, 3, 0.5f, 1.0f).pixels,
                           N = test::random_image(p.cols, p.inner, 4, 0.5f, 1.0f).pixels;
  io::write_npy(path("m.npy"), {p.rows, p.inner}, M.data());
  io::write_npy(path("n.npy"), {p.inner, p.cols}, N.data());
  std::vector<float> ref(std::size_t(p.rows) * p.cols);
  matmul_cpu(M.data(), N.data(), ref.data(), p.rows, p.inner, p.cols);
  expect_damage(
      "--strategy tiled --tile 8", {Break::no_barrier, Break::no_ghost_zero, Break::origin_off_by_one}, ref,
      [&](Break bug) { return test::predicted_damage(p, bug); }, matmul_tolerance(p.inner, 1.0f, 1.0f), p.cols);
}

TEST_F(MatmulBreakCli, RefusesWhatMatmulCannotHaveWithOneLineAndWritesNothing) {
  const std::vector<float> ones(64, 1.0f);
  io::write_npy(path("m.npy"), {8, 8}, ones.data());
  io::write_npy(path("n.npy"), {8, 8}, ones.data());
  expect_refusals({
      {"--strategy tiled --break no_halo", "no halo"},
      {"--strategy tiled --break idle_threads_write", "none only loads"},
      {"--strategy naive --break no_barrier", "no shared memory"},
  });
}

TEST_F(MatmulBreakCli, TheViewShowsNoBarrierAndShotRefusesTheOtherBugsWithOneLine) {
  if (!TILESCOPE_HAVE_GUI) GTEST_SKIP() << "this build has no GUI, so no shot command";
  for (const auto& [bug, why] :
       {std::pair<std::string, std::string>{"no_ghost_zero", "the matmul view shows no_barrier"},
        {"no_halo", "no halo"}}) {
    const test::CliResult r = test::run_shell(test::tilescope_exe() + " shot --pattern matmul --backend cpu --break " +
                                              bug + " --out " + path("shot.png") + " 2>&1");
    EXPECT_EQ(r.code, 2) << bug << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << bug << ": " << r.out;
    EXPECT_NE(r.out.find(why), std::string::npos) << bug << ": " << r.out;
  }
}
