// tilescope apply --pattern conv1d --break NAME: the file it writes differs from the reference at
// exactly the outputs the geometry says the bug damages; a bug the strategy cannot have is refused
// with one line (exit 2) and nothing is written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/io/npy.hpp"
#include "kernels/conv1d/pattern.hpp"
#include "kernels/conv1d/reference.hpp"
#include "tests/common/break_cli.hpp"
#include "tests/common/test_util.hpp"
#include "tests/conv1d/break_damage.hpp"

using namespace tilescope;

using Conv1dBreakCli = test::BreakCliTest<Conv1dPattern>;

TEST_F(Conv1dBreakCli, ApplyBreakDamagesExactlyThePredictedOutputs) {
  const Conv1dParams p{Conv1dStrategy::tiled, 3, 64, 301};
  const std::vector<float> in = test::random_image(p.length, 1, 9, 0.5f, 1.0f).pixels;
  const Filter1d f = test::positive_filter(p.filter_radius, 4);
  io::write_npy(path("in.npy"), {p.length}, in.data());
  io::write_npy(path("w.npy"), {int(f.weights.size())}, f.weights.data());
  std::vector<float> ref(in.size());
  conv1d_cpu(f, in.data(), ref.data(), p.length);
  // The CPU backend runs the emulation, so an intact output is the reference to the bit.
  expect_damage(
      "--strategy tiled --radius 3 --tile 64 --filter " + path("w.npy"),
      {Break::no_halo, Break::no_ghost_zero, Break::origin_off_by_one, Break::no_barrier}, ref,
      [&](Break bug) { return test::predicted_damage(p, bug); }, 0.0, p.length);
}

TEST_F(Conv1dBreakCli, RefusesWhatTheStrategyCannotHaveWithOneLineAndWritesNothing) {
  const std::vector<float> in(100, 1.0f);
  io::write_npy(path("in.npy"), {100}, in.data());
  expect_refusals({
      {"--strategy tiled --break idle_threads_write", "only load"},
      {"--strategy basic --break no_barrier", "no shared memory"},
      {"--strategy fast --break no_halo", "conv1d tiled"},
  });
}
