#pragma once
// What every pattern's step-through test (tests/<pattern>/test_steps.cpp) asks of a timeline: the
// threads working in a step, and the check against the exact traffic count (the last step's
// counts of every block, summed over the whole launch, equal kernels/<pattern>/steps.hpp's
// launch_steps(p).exact).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/common/block_steps.hpp"
#include "tests/common/print_step_counts.hpp"
#include "tests/common/spread.hpp"

namespace tilescope::test {

// How many threads of the block work in `step`.
inline int working(const BlockTimeline& tl, int step) {
  int n = 0;
  for (std::uint8_t a : tl.steps[std::size_t(step)].active) n += a;
  return n;
}

// Over `params`, a spread of more than `at_least` parameter sets holding `strategies` strategies.
// timeline(p, bx, by, bz) builds block (bx, by, bz)'s; name(p) says which parameters failed. Where
// the exact count has no shared-memory figure, loads, flops and stores are compared.
template <typename Params, typename Timeline, typename Name>
void expect_blocks_add_up_to_the_exact_count(const std::vector<Params>& params, std::size_t at_least, int strategies,
                                             Timeline timeline, Name name) {
  ASSERT_GT(params.size(), at_least);
  EXPECT_EQ(strategies_in(params), strategies);
  for (const Params& p : params) {
    const LaunchSteps launch = launch_steps(p);
    StepCounts sum;
    for (int bz = 0; bz < launch.blocks_z; ++bz)
      for (int by = 0; by < launch.blocks_y; ++by)
        for (int bx = 0; bx < launch.blocks_x; ++bx) sum += timeline(p, bx, by, bz).steps.back().counts;
    if (launch.exact_has_shared_reads) {
      EXPECT_EQ(sum, launch.exact) << name(p);
    } else {
      EXPECT_EQ(sum.global_loads, launch.exact.global_loads) << name(p);
      EXPECT_EQ(sum.flops, launch.exact.flops) << name(p);
      EXPECT_EQ(sum.stores, launch.exact.stores) << name(p);
    }
  }
}

}  // namespace tilescope::test
