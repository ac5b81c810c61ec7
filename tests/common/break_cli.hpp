#pragma once
// Break it (issue 18): `tilescope apply --pattern P ... --break NAME` on the CPU backend in a scratch
// folder, for each pattern's test_break_cli, and its refusals (exit 2, one line, nothing written).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "app/io/npy.hpp"
#include "kernels/common/breaks.hpp"
#include "tests/common/damage.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"

namespace tilescope::test {

// The fixture of one pattern (its trait, kernels/<p>/pattern.hpp, names it).
template <class Pattern>
class BreakCliTest : public ScratchDirTest {
 protected:
  BreakCliTest() : ScratchDirTest("tilescope_" + std::string(Pattern::name()) + "_break_cli_") {}
  // The pattern's inputs in the scratch folder: in.npy (matmul: m.npy and n.npy).
  std::string inputs() const {
    return pattern_ == "matmul" ? "--in " + path("m.npy") + " --in2 " + path("n.npy") : "--in " + path("in.npy");
  }
  // apply with `args`, writing out.npy: stdout and stderr together.
  CliResult apply(const std::string& args) const {
    return run_shell(tilescope_exe() + " apply --pattern " + pattern_ + " --backend cpu " + inputs() + " --out " +
                     path("out.npy") + " " + args + " 2>&1");
  }
  // apply with `args` and --break each of `bugs`: it says what the bug does, and out.npy differs
  // from ref (by more than tol) at exactly the outputs damage(bug) names.
  template <class Damage>
  void expect_damage(const std::string& args, const std::vector<Break>& bugs, const std::vector<float>& ref,
                     Damage damage, double tol, int width) const {
    for (Break bug : bugs) {
      const std::string name(break_info(bug).name);
      const CliResult r = apply(args + " --break " + name);
      ASSERT_EQ(r.code, 0) << r.out;
      EXPECT_NE(r.out.find(std::string(break_info(bug).what)), std::string::npos) << r.out;
      EXPECT_TRUE(damage_is(io::read_npy(path("out.npy")).data, ref, damage(bug), tol, width)) << name;
    }
  }
  // Each case (arguments, a phrase of the reason) exits 2 with one line that gives the reason and
  // writes nothing.
  void expect_refusals(const std::vector<std::pair<std::string, std::string>>& cases) const {
    for (const auto& [args, why] : cases) {
      const CliResult r = apply(args);
      EXPECT_EQ(r.code, 2) << args << ": " << r.out;
      EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
      EXPECT_NE(r.out.find(why), std::string::npos) << args << ": " << r.out;
      EXPECT_FALSE(std::filesystem::exists(path("out.npy"))) << args;
    }
  }

 private:
  const std::string pattern_{Pattern::name()};
};

}  // namespace tilescope::test
