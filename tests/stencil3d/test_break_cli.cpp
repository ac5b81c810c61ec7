// tilescope apply --pattern stencil3d --break NAME: the volume it writes differs from the reference
// at exactly the cells the geometry says the bug damages; a bug the strategy cannot have is refused
// with one line (exit 2) and nothing is written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/io/npy.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "tests/common/break_cli.hpp"
#include "tests/stencil3d/break_damage.hpp"

using namespace tilescope;

using Stencil3dBreakCli = test::BreakCliTest<Stencil3dPattern>;

TEST_F(Stencil3dBreakCli, ApplyBreakDamagesExactlyThePredictedOutputs) {
  const Stencil3dParams p{Stencil3dStrategy::tiled, 2, 8, 19, 14, 11};
  const std::vector<float> in = test::positive_grid(p.width, p.height, p.depth, 9);
  io::write_npy(path("in.npy"), {p.depth, p.height, p.width}, in.data());
  const StencilCoeffs c = test::positive_coeffs(p.order, 4);
  const int n = 2 * p.order + 1;
  io::write_npy(path("c.npy"), {n, n, n}, stencil_to_dense(c).data());
  std::vector<float> ref(in.size());
  stencil3d_cpu(c, in.data(), ref.data(), p.width, p.height, p.depth);
  // The CPU backend runs the emulation, so an intact output is the reference to the bit.
  expect_damage(
      "--strategy tiled --radius 2 --tile 8 --filter " + path("c.npy"),
      {Break::no_barrier, Break::no_halo, Break::idle_threads_write, Break::origin_off_by_one}, ref,
      [&](Break bug) { return test::predicted_damage(p, bug); }, 0.0, p.width);
}

TEST_F(Stencil3dBreakCli, RefusesWhatTheStrategyCannotHaveWithOneLineAndWritesNothing) {
  const std::vector<float> in(512, 1.0f);
  io::write_npy(path("in.npy"), {8, 8, 8}, in.data());
  expect_refusals({
      {"--strategy tiled --break no_ghost_zero", "reads no ghost cell"},
      {"--strategy basic --break no_barrier", "no shared memory"},
      {"--strategy coarsened --break no_halo", "tiled (Fig 8.8) only so far"},
  });
}
