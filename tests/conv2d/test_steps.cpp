// The step-through of one block (kernels/conv2d/steps.hpp) against the exact traffic count and
// the order a block must keep: every shared slot the compute reads was stored before the
// barrier, by a thread that worked in that load step; tiled_in's ring only loads.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/steps.hpp"
#include "tests/common/spread.hpp"
#include "tests/common/timeline_checks.hpp"

using namespace tilescope;

namespace {

constexpr Conv2dStrategy kStepped[] = {Conv2dStrategy::basic, Conv2dStrategy::const_mem, Conv2dStrategy::tiled_in,
                                       Conv2dStrategy::tiled_out, Conv2dStrategy::cached_halo};

// Every radius, three tiles, odd and lopsided image sizes: each launchable combination of the
// strategies with a step-through.
std::vector<Conv2dParams> spread() {
  const std::pair<int, int> sizes[] = {{37, 29}, {5, 70}};
  std::vector<int> radii;
  for (int r = 1; r <= kMaxConv2dRadius; ++r) radii.push_back(r);
  std::vector<Conv2dParams> out;
  for (const Conv2dParams& p : test::spread<Conv2dParams>(
           kConv2dStrategyCount, radii, {7, 16, 32}, {0, 1}, [&](int s, int r, int tile, int size) {
             return Conv2dParams{Conv2dStrategy(s), r, tile, sizes[size].first, sizes[size].second};
           }))
    if (!conv2d_steps_problem(p.strategy)) out.push_back(p);
  return out;
}

std::string name(const Conv2dParams& p) {
  return std::to_string(int(p.strategy)) + " r" + std::to_string(p.filter_radius) + " tile" + std::to_string(p.tile) +
         " " + std::to_string(p.width) + "x" + std::to_string(p.height);
}

}  // namespace

TEST(Conv2dSteps, LastStepCountsSummedOverAllBlocksEqualTheExactTrafficCount) {
  test::expect_blocks_add_up_to_the_exact_count(
      spread(), 150u, int(std::size(kStepped)),
      [](const Conv2dParams& p, int bx, int by, int) { return conv2d_timeline(p, bx, by); }, name);
}

TEST(Conv2dSteps, EverySharedTapIsStoredBeforeTheBarrierByAThreadOfThatLoadStep) {
  for (const Conv2dParams& p : spread()) {
    const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
    const int r = p.filter_radius, bx = gx.grid_dim(p.width) - 1, by = gy.grid_dim(p.height) - 1;  // ghost cells
    const BlockTimeline tl = conv2d_timeline(p, bx, by);
    const bool shared = tl.slots_x > 0;
    EXPECT_EQ(tl.barrier >= 0, shared) << name(p);
    for (int step = 0; step < int(tl.steps.size()); ++step) {
      if (tl.steps[step].kind != StepKind::compute) continue;
      ASSERT_GT(step, tl.barrier) << name(p) << ": a compute step before the barrier";
      const int fy = step - (tl.barrier + 1);  // compute steps walk the filter rows in order
      for (int ty = 0; ty < tl.threads_y; ++ty)
        for (int tx = 0; tx < tl.threads_x; ++tx) {
          if (!tl.active(step, tx, ty)) continue;
          const int y = gy.out_coord(by, ty) - r + fy;
          for (int x = gx.out_coord(bx, tx) - r; x <= gx.out_coord(bx, tx) + r; ++x) {
            const TapSource src = tap_source(gx, gy, p.width, p.height, bx, by, x, y);
            if (src != TapSource::shared && src != TapSource::ghost_shared) continue;
            const SlotFill f = tl.slot(x - gx.shared_origin(bx), y - gy.shared_origin(by), step);
            ASSERT_GE(f.step, 0) << name(p) << ": thread " << tx << "," << ty << " reads a slot nobody stored";
            ASSERT_LT(f.step, tl.barrier) << name(p);
            EXPECT_EQ(tl.steps[f.step].kind, StepKind::load) << name(p);
            EXPECT_TRUE(tl.steps[f.step].active[f.thread]) << name(p) << ": the slot's writer was idle";
            EXPECT_EQ(f.ghost, src == TapSource::ghost_shared) << name(p);
          }
        }
    }
  }
}

TEST(Conv2dSteps, EachLoadStepFillsOneSlotPerWorkingThread) {
  for (const Conv2dParams& p : spread()) {
    const BlockTimeline tl = conv2d_timeline(p, 0, 0);
    for (int step = 0; step < int(tl.steps.size()); ++step) {
      if (tl.steps[step].kind != StepKind::load) continue;
      std::vector<int> per_thread(std::size_t(tl.threads_x) * tl.threads_y, 0);
      for (const std::vector<SlotFill>& w : tl.writes)
        for (const SlotFill& f : w)
          if (f.step == step) ++per_thread[f.thread];
      for (std::size_t t = 0; t < per_thread.size(); ++t)
        EXPECT_EQ(per_thread[t], tl.steps[step].active[t]) << name(p) << " step " << step << " thread " << t;
    }
    for (const std::vector<SlotFill>& w : tl.writes) EXPECT_EQ(w.size(), 1u) << name(p) << ": a slot not stored once";
  }
}

TEST(Conv2dSteps, TiledInsRingLoadsButNeverComputesNorStores) {
  // Fig 7.12, tile 8, r 2, an interior block: all 64 threads load; the 36 inner ones compute.
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 8, 64, 64};
  const BlockTimeline tl = conv2d_timeline(p, 1, 1);
  ASSERT_EQ(tl.steps.size(), 1u + 1u + 5u + 1u);  // load, barrier, 5 filter rows, store
  EXPECT_EQ(test::working(tl, 0), 64);
  EXPECT_EQ(test::working(tl, 1), 64);  // the barrier: everyone waits
  for (int step = 2; step < 8; ++step) {
    EXPECT_EQ(test::working(tl, step), 16) << "step " << step;
    for (int t = 0; t < 8; ++t) EXPECT_FALSE(tl.active(step, t, 0) || tl.active(step, 0, t) || tl.active(step, 7, t));
  }
  EXPECT_EQ(tl.steps.back().counts.stores, 16);
  EXPECT_EQ(tl.steps[0].counts.global_loads, 64);
  EXPECT_EQ(tl.steps.back().counts.shared_reads, 16 * 25);
}

TEST(Conv2dSteps, TiledOutLoadsItsLargerTileInPassesOfBlockDimCells) {
  // Tile 4, r 2: an 8 x 8 shared tile by 16 threads, 4 passes; pass k stores cells 16k..16k+15.
  const BlockTimeline tl = conv2d_timeline({Conv2dStrategy::tiled_out, 2, 4, 64, 64}, 2, 2);
  ASSERT_EQ(tl.barrier, 4);
  for (int i = 0; i < 64; ++i) {
    const SlotFill f = tl.slot(i % 8, i / 8, tl.barrier);
    EXPECT_EQ(f.step, i / 16);
    EXPECT_EQ(f.thread, i % 16);
  }
}

TEST(Conv2dSteps, CountsNeverDecreaseAndTheBarrierCountsNothing) {
  for (const Conv2dParams& p : spread()) {
    const BlockTimeline tl = conv2d_timeline(p, 0, 0);
    for (std::size_t s = 1; s < tl.steps.size(); ++s) {
      const StepCounts &a = tl.steps[s - 1].counts, &b = tl.steps[s].counts;
      EXPECT_TRUE(a.global_loads <= b.global_loads && a.shared_reads <= b.shared_reads && a.flops <= b.flops &&
                  a.stores <= b.stores)
          << name(p);
      if (tl.steps[s].kind == StepKind::barrier) {
        EXPECT_EQ(a, b) << name(p);
      }
    }
  }
}

TEST(Conv2dSteps, FastAndSlidingSayWhyTheyHaveNoStepThrough) {
  EXPECT_TRUE(conv2d_steps_problem(Conv2dStrategy::fast));
  EXPECT_TRUE(conv2d_steps_problem(Conv2dStrategy::sliding));
  for (Conv2dStrategy s : kStepped) EXPECT_FALSE(conv2d_steps_problem(s));
}
