#pragma once
// Break it (issue 18): the two checks every pattern's test_break makes over its spread of cases,
// written once. A pattern's Case is one launch with its inputs, and gives
//   reference()        the CPU oracle's output
//   emulate(bug, out)  what the CPU emulation of the broken kernel writes
//   damage(bug)        the outputs the geometry says the bug damages (its break_damage.hpp)
//   width()            the output's row length, to place a wrong output in a message
//   describe(bug)      the bug and the launch, for a failure
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "tests/common/damage.hpp"

namespace tilescope::test {

// The tolerance of an emulation that sums in the reference's order: none, any difference is damage.
inline constexpr auto exact = [](const auto&) { return 0.0; };

// Each bug on each case: the emulation's output differs from the reference (by more than tol(c))
// at exactly the damaged outputs.
template <class Case, std::size_t N, class Tolerance>
void expect_emulation_damages_as_predicted(const std::vector<Case>& cases, const Break (&bugs)[N], Tolerance tol) {
  for (const Case& c : cases) {
    const std::vector<float> ref = c.reference();
    for (Break bug : bugs) {
      std::vector<float> out(ref.size(), -1e30f);
      c.emulate(bug, out.data());
      EXPECT_TRUE(damage_is(out, ref, c.damage(bug), tol(c), c.width())) << c.describe(bug);
    }
  }
}

// Each bug on each case: what the kernel writes (run(c, bug, out)) is the emulation's, the same
// NaNs and the rest within tol(c), and off the reference at exactly the damaged outputs.
template <class Case, std::size_t N, class Run, class Tolerance>
void expect_kernel_damages_as_emulated(const std::vector<Case>& cases, const Break (&bugs)[N], Run run, Tolerance tol) {
  for (const Case& c : cases) {
    const std::vector<float> ref = c.reference();
    const double t = tol(c);
    for (Break bug : bugs) {
      std::vector<float> out(ref.size(), -1e30f), cpu(ref.size());
      run(c, bug, out.data());
      c.emulate(bug, cpu.data());
      EXPECT_TRUE(same_as(out, cpu, t)) << c.describe(bug);
      // origin_off_by_one moves every output, by amounts that can fall within rounding of the
      // reference: each pattern's CPU test pins where each comes from.
      if (bug != Break::origin_off_by_one) {
        EXPECT_TRUE(damage_is(out, ref, c.damage(bug), t, c.width())) << c.describe(bug);
      }
    }
  }
}

}  // namespace tilescope::test
