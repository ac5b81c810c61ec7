// Break it (issue 18) for stencil3d tiled (PMPP Fig 8.8): each broken variant differs from the
// reference at exactly the outputs the geometry says it damages, on the CPU and (where a device is
// usable) on CUDA; the strategies and bugs that make no sense are refused with a reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "tests/common/break_checks.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/stencil3d/break_damage.hpp"

using namespace tilescope;
using test::predicted_damage;

namespace {

struct Case {
  Stencil3dParams p;
  StencilCoeffs c;
  std::vector<float> in;

  std::vector<float> reference() const {
    std::vector<float> ref(in.size());
    stencil3d_cpu(c, in.data(), ref.data(), p.width, p.height, p.depth);
    return ref;
  }
  void emulate(Break bug, float* out) const { stencil3d_broken_cpu(p, bug, c, in.data(), out); }
  std::vector<char> damage(Break bug) const { return predicted_damage(p, bug); }
  int width() const { return p.width; }
  std::string describe(Break bug) const {
    return std::string(break_info(bug).name) + " k=" + std::to_string(p.order) + " tile=" + std::to_string(p.tile) +
           " grid=" + std::to_string(p.width) + "x" + std::to_string(p.height) + "x" + std::to_string(p.depth);
  }
};

// Orders 1..3, every tile from the smallest with an output up to 10 (T^3 <= 1024), grids smaller
// than a tile, odd and flat.
std::vector<Case> spread() {
  std::vector<Case> cases;
  const int sizes[][3] = {{1, 1, 1}, {5, 4, 3}, {13, 9, 11}, {20, 3, 17}, {16, 16, 16}};
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    for (int tile = 2 * k + 1; tile <= 10; tile += k)
      for (const auto& s : sizes) {
        const Stencil3dParams p{Stencil3dStrategy::tiled, k, tile, s[0], s[1], s[2]};
        cases.push_back({p, test::positive_coeffs(k, unsigned(k + tile)),
                         test::positive_grid(s[0], s[1], s[2], unsigned(s[0] * 7 + tile))});
      }
  return cases;
}

const Break kBugs[] = {Break::no_barrier, Break::no_halo, Break::idle_threads_write, Break::origin_off_by_one};

}  // namespace

TEST(Stencil3dBreak, TheCpuEmulationDamagesExactlyThePredictedOutputs) {
  test::expect_emulation_damages_as_predicted(spread(), kBugs, test::exact);
}

TEST(Stencil3dBreak, OriginOffByOneIsTheStencilOfTheGridMovedOneCellAlongEveryAxis) {
  for (const Case& c : spread()) {
    const Stencil3dParams& p = c.p;
    std::vector<float> moved(c.in.size()), expect(c.in.size()), out(c.in.size());
    for (int z = 0; z < p.depth; ++z)  // moved(x, y, z) = in(x + 1, y + 1, z + 1), 0 past the grid
      for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) {
          const bool inside = x + 1 < p.width && y + 1 < p.height && z + 1 < p.depth;
          moved[(std::size_t(z) * p.height + y) * p.width + x] =
              inside ? c.in[(std::size_t(z + 1) * p.height + y + 1) * p.width + x + 1] : 0.0f;
        }
    stencil3d_cpu(c.c, moved.data(), expect.data(), p.width, p.height, p.depth);
    stencil3d_broken_cpu(p, Break::origin_off_by_one, c.c, c.in.data(), out.data());
    EXPECT_EQ(out, expect) << c.describe(Break::origin_off_by_one);
  }
}

TEST(Stencil3dBreak, NoBarrierDamagesTheCellsWhoseUpperNeighboursALaterWarpLoads) {
  // T = 4, k = 1: 64 threads, warp 0 = tile planes z 0..1, warp 1 = planes 2..3. Of the computing
  // threads (1..2 on each axis) only those in plane 1 read a tap (their +z) that warp 1 loads.
  const Stencil3dParams p{Stencil3dStrategy::tiled, 1, 4, 8, 8, 8};
  const std::vector<char> d = predicted_damage(p, Break::no_barrier);
  const StencilAxisTiling a = tiling_of(p).axis(0);
  for (int z = 1; z < 7; ++z)
    for (int y = 1; y < 7; ++y)
      for (int x = 1; x < 7; ++x)
        EXPECT_EQ(bool(d[(std::size_t(z) * 8 + y) * 8 + x]), a.thread_of(z) == 1) << x << "," << y << "," << z;
}

TEST(Stencil3dBreak, OnlyTiledTakesABugAndNoGhostZeroIsRefusedEverywhere) {
  for (Break bug : kBugs) EXPECT_FALSE(break_problem(Stencil3dStrategy::tiled, bug)) << break_info(bug).name;
  for (auto s : {Stencil3dStrategy::basic, Stencil3dStrategy::tiled, Stencil3dStrategy::coarsened})
    EXPECT_NE(break_problem(s, Break::no_ghost_zero)->find("no ghost cell"), std::string::npos);
  EXPECT_NE(break_problem(Stencil3dStrategy::basic, Break::no_halo)->find("no shared memory"), std::string::npos);
  EXPECT_NE(break_problem(Stencil3dStrategy::fast, Break::no_barrier)->find("no shared memory"), std::string::npos);
  EXPECT_NE(break_problem(Stencil3dStrategy::coarsened, Break::no_halo)->find("tiled"), std::string::npos);
  const Stencil3dParams p{Stencil3dStrategy::register_tiled, 1, 8, 8, 8, 8};
  std::vector<float> in(512, 1.0f), out(512);
  EXPECT_THROW(stencil3d_broken_cpu(p, Break::no_halo, test::positive_coeffs(1, 1), in.data(), out.data()),
               InvalidInput);
}

class Stencil3dBreakCuda : public test::CudaEngineTest<Stencil3dEngine, &Stencil3dPattern::make_engine> {};

TEST_F(Stencil3dBreakCuda, TheKernelDamagesExactlyWhatTheCpuEmulationDoes) {
  test::expect_kernel_damages_as_emulated(
      spread(), kBugs,
      [&](const Case& c, Break bug, float* out) { engine_->apply_broken(c.p, bug, c.c, c.in.data(), out); },
      [](const Case& c) { return stencil_tolerance(c.c, 1.0f); });
}
