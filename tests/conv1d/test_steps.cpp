// conv1d's step-through (kernels/conv1d/steps.hpp) against the exact traffic count, and the
// order of a tiled block: each slot stored once, by the thread the geometry names, before the
// barrier, and every tap the compute reads from shared memory among them.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/steps.hpp"
#include "tests/common/spread.hpp"
#include "tests/common/timeline_checks.hpp"

using namespace tilescope;

namespace {

constexpr Conv1dStrategy kStepped[] = {Conv1dStrategy::basic, Conv1dStrategy::const_mem, Conv1dStrategy::tiled,
                                       Conv1dStrategy::cached_halo};

// Every radius, three block sizes, odd signal lengths (shorter and longer than a block): each
// launchable combination of the strategies with a step-through.
std::vector<Conv1dParams> spread() {
  std::vector<int> radii;
  for (int r = 1; r <= kMaxConv1dRadius; ++r) radii.push_back(r);
  std::vector<Conv1dParams> out;
  for (const Conv1dParams& p : test::spread<Conv1dParams>(kConv1dStrategyCount, radii, {32, 64, 256}, {7, 97, 1001},
                                                          [](int s, int r, int tile, int length) {
                                                            return Conv1dParams{Conv1dStrategy(s), r, tile, length};
                                                          }))
    if (!conv1d_steps_problem(p.strategy)) out.push_back(p);
  return out;
}

std::string name(const Conv1dParams& p) {
  return std::to_string(int(p.strategy)) + " r" + std::to_string(p.filter_radius) + " tile" + std::to_string(p.tile) +
         " n" + std::to_string(p.length);
}

}  // namespace

TEST(Conv1dSteps, LastStepCountsSummedOverAllBlocksEqualTheExactTrafficCount) {
  test::expect_blocks_add_up_to_the_exact_count(
      spread(), 300u, int(std::size(kStepped)),
      [](const Conv1dParams& p, int b, int, int) { return conv1d_timeline(p, b); }, name);
}

TEST(Conv1dSteps, EverySlotIsStoredBeforeTheBarrierByTheThreadTheGeometryNames) {
  for (const Conv1dParams& p : spread()) {
    const Conv1dTiling g = tiling_of(p);
    const int b = g.grid_dim(p.length) - 1;  // the last block: ghost cells on the right
    const BlockTimeline tl = conv1d_timeline(p, b);
    ASSERT_EQ(tl.barrier >= 0, g.uses_shared()) << name(p);
    for (int s = 0; s < tl.slots_x; ++s) {
      ASSERT_EQ(tl.writes[std::size_t(s)].size(), 1u) << name(p) << ": slot " << s << " not stored once";
      const SlotFill f = tl.slot(s, 0, tl.barrier);
      ASSERT_GE(f.step, 0) << name(p) << ": slot " << s << " never stored";
      EXPECT_LT(f.step, tl.barrier) << name(p);
      EXPECT_EQ(f.thread, g.loader_of_slot(s)) << name(p) << " slot " << s;
      EXPECT_EQ(f.ghost, !in_range(g.shared_coord(b, s), p.length)) << name(p) << " slot " << s;
    }
  }
}

TEST(Conv1dSteps, TiledLoadsTheLeftHaloTheTileThenTheRightHalo) {
  // Block 1 of 32 threads, n = 3: the left halo is slots 0..2 (threads 29..31), the tile slots
  // 3..34 (threads 0..31), the right halo slots 35..37 (threads 0..2).
  const BlockTimeline tl = conv1d_timeline({Conv1dStrategy::tiled, 3, 32, 200}, 1);
  ASSERT_EQ(tl.barrier, 3);
  for (int s = 0; s < 38; ++s) EXPECT_EQ(tl.slot(s, 0, tl.barrier).step, s < 3 ? 0 : s < 35 ? 1 : 2) << "slot " << s;
  EXPECT_EQ(test::working(tl, 0), 3);
  EXPECT_EQ(test::working(tl, 1), 32);
  EXPECT_EQ(test::working(tl, 2), 3);
  EXPECT_TRUE(tl.active(0, 31, 0) && tl.active(2, 0, 0) && !tl.active(0, 0, 0));
}

TEST(Conv1dSteps, FastSaysWhyItHasNoStepThrough) {
  EXPECT_TRUE(conv1d_steps_problem(Conv1dStrategy::fast));
  for (Conv1dStrategy s : kStepped) EXPECT_FALSE(conv1d_steps_problem(s));
}
