// tilescope apply --break NAME: the file it writes differs from the reference at exactly the
// outputs the geometry says the bug damages; bad names and bugs a strategy cannot have are
// refused with one line (exit 2) and nothing is written.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "app/io/image_file.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/reference.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"
#include "tests/common/test_util.hpp"
#include "tests/conv2d/break_damage.hpp"

using namespace tilescope;

namespace {

test::CliResult run(const std::string& args) {
  return test::run_shell(test::tilescope_exe() + " apply " + args + " 2>&1");
}

class BreakCli : public test::ScratchDirTest {
 protected:
  BreakCli() : ScratchDirTest("tilescope_break_cli_") {}
};

}  // namespace

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
  int count = 0;
  const BreakInfo* bugs = breaks(count);
  for (int i = 0; i < count; ++i) {
    // The CPU backend runs the emulation, so an intact output is the reference to the bit.
    const test::CliResult r =
        run("--strategy tiled_in --radius 2 --tile 16 --backend cpu --filter " + path("w.npy") + " --in " +
            path("in.npy") + " --out " + path("out.npy") + " --break " + std::string(bugs[i].name));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find(std::string(bugs[i].what)), std::string::npos) << r.out;
    EXPECT_TRUE(test::damage_is(io::load_image(path("out.npy")).pixels, ref, test::predicted_damage(p, bugs[i].bug),
                                0.0, p.width))
        << bugs[i].name;
  }
}

TEST_F(BreakCli, RefusesWithOneLineAndWritesNothing) {
  io::save_image(path("in.npy"), Image(20, 20, 1.0f));
  const std::string io_args = " --in " + path("in.npy") + " --out " + path("o.npy");
  const std::pair<std::string, std::string> cases[] = {
      {"--break no_halos", "available: no_barrier, no_halo"},
      {"--strategy basic --break no_halo", "no shared memory"},
      {"--strategy tiled_out --break idle_threads_write", "only load"},
      {"--strategy cached_halo --break no_ghost_zero", "tiled_in (Fig 7.12) only so far"},
      {"--pattern stencil3d --break no_ghost_zero", "reads no ghost cell"},
  };
  for (const auto& [args, why] : cases) {
    const test::CliResult r = run(args + io_args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    EXPECT_NE(r.out.find(why), std::string::npos) << args << ": " << r.out;
    EXPECT_FALSE(std::filesystem::exists(path("o.npy"))) << args;
  }
}
