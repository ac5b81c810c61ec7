// The stencil3d view's simulation (app/stencil3d/heat_simulation.hpp) on the CPU backend: a frame's
// steps run as launches of p.steps, temporal fusing each, with the sources held before every launch,
// so every strategy advances the same heat; and a frame stops launching once it spent the budget.
#include <gtest/gtest.h>

#include <chrono>
#include <vector>

#include "app/stencil3d/heat_simulation.hpp"
#include "app/ui/frame_cost.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/reference.hpp"

using namespace tilescope;

namespace {

std::vector<float> grid_after(Stencil3dStrategy s, int launch_steps, int frames, int per_frame, int n) {
  HeatSimulation sim("cpu");
  sim.reset(n, n, n);
  Stencil3dParams p{s, 1, s == Stencil3dStrategy::temporal ? n : 8, n, n, n, launch_steps};
  const StencilCoeffs c = make_named_stencil("heat", 1);
  for (int f = 0; f < frames; ++f) EXPECT_TRUE(sim.step(p, c, per_frame, 0.1f * f, 0)) << sim.problem();
  EXPECT_EQ(sim.steps(), 1LL * frames * per_frame);
  std::vector<float> out(std::size_t(n) * n * n);
  for (int z = 0; z < n; ++z) sim.read_slice(z, out.data() + std::size_t(z) * n * n);
  return out;
}

}  // namespace

TEST(HeatSimulation, TemporalFusedLaunchesAdvanceTheHeatAsSweepsDo) {
  // 7 steps a frame in launches of 4 (the last one 3), odd grid: fused and swept agree to rounding.
  const int n = 37;
  const std::vector<float> swept = grid_after(Stencil3dStrategy::register_tiled, 4, 3, 7, n);
  const std::vector<float> fused = grid_after(Stencil3dStrategy::temporal, 4, 3, 7, n);
  double hottest = 0;
  for (std::size_t i = 0; i < swept.size(); ++i) {
    EXPECT_NEAR(fused[i], swept[i], 1e-5) << "cell " << i;
    hottest = std::max(hottest, double(swept[i]));
  }
  EXPECT_GT(hottest, 0.5);  // the sources are there: the comparison is of heat, not of zeros
}

TEST(HeatSimulation, AFrameStopsLaunchingOnceItSpentTheBudget) {
  // 64 steps of a 160^3 grid take far longer than the budget on any CPU this runs on; the frame stops
  // after the launch that crossed it, and says how many steps it ran.
  HeatSimulation sim("cpu");
  const int n = 160;
  Stencil3dParams p{Stencil3dStrategy::basic, 1, 8, n, n, n, 1};
  const StencilCoeffs c = make_named_stencil("heat", 1);
  sim.reset(n, n, n);
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(sim.step(p, c, 64, 0, kFrameWorkBudgetMs));
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_GE(sim.frame_steps(), 1);
  const double per_step = ms / sim.frame_steps();
  if (per_step * 64 <= kFrameWorkBudgetMs) GTEST_SKIP() << "this machine runs 64 steps inside the budget";
  EXPECT_LT(sim.frame_steps(), 64);
  EXPECT_EQ(sim.frame_launches(), sim.frame_steps());  // launches of one step
  EXPECT_LE(ms, kFrameWorkBudgetMs + 2 * per_step);    // it stopped after the launch that crossed it
  EXPECT_EQ(sim.steps(), sim.frame_steps());
  EXPECT_GE(sim.affordable_steps(kFrameWorkBudgetMs), 1);
  EXPECT_EQ(sim.affordable_steps(0), kMaxStencil3dSteps);  // no budget (headless): the longest launch
}
