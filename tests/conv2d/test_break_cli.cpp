// tilescope apply --pattern conv2d --break NAME: the file it writes differs from the reference at
// exactly the outputs the geometry says the bug damages; bad names and bugs a strategy cannot have
// are refused with one line (exit 2) and nothing is written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/io/image_file.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "kernels/conv2d/reference.hpp"
#include "tests/common/break_cli.hpp"
#include "tests/common/test_util.hpp"
#include "tests/conv2d/break_damage.hpp"

using namespace tilescope;

using BreakCli = test::BreakCliTest<Conv2dPattern>;

TEST_F(BreakCli, ApplyBreakDamagesExactlyThePredictedOutputs) {
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 16, 37, 23};
  const Image img = test::random_image(p.width, p.height, 5, 0.5f, 1.0f);
  const Filter2d f = test::positive_filter(p.filter_radius, 3);
  io::save_image(path("in.npy"), img);
  Image w(f.dim(), f.dim());
  w.pixels = f.weights;
  io::save_image(path("w.npy"), w);
  std::vector<float> ref(img.pixels.size());
  conv2d_cpu(f, img.pixels.data(), ref.data(), p.width, p.height);
  // The CPU backend runs the emulation, so an intact output is the reference to the bit.
  expect_damage(
      "--strategy tiled_in --radius 2 --tile 16 --filter " + path("w.npy"),
      {Break::no_halo, Break::no_ghost_zero, Break::idle_threads_write, Break::origin_off_by_one, Break::no_barrier},
      ref, [&](Break bug) { return test::predicted_damage(p, bug); }, 0.0, p.width);
}

TEST_F(BreakCli, RefusesWithOneLineAndWritesNothing) {
  io::save_image(path("in.npy"), Image(20, 20, 1.0f));
  expect_refusals({
      {"--break no_halos", "available: no_barrier, no_halo"},
      {"--strategy basic --break no_halo", "no shared memory"},
      {"--strategy tiled_out --break idle_threads_write", "only load"},
      {"--strategy cached_halo --break no_ghost_zero", "tiled_in (Fig 7.12) only so far"},
  });
}
