// The book's 3D stencil kernels (bench/yardstick) against the CPU reference, on the CUDA engine's
// resident grids as `bench --yardstick` runs them; skipped where no CUDA device is usable.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench/yardstick/yardstick.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/stencil3d/pattern.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "kernels/stencil3d/strategies.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

class Stencil3dYardstick : public test::CudaEngineTest<Stencil3dEngine, &Stencil3dPattern::make_engine,
                                                       ::testing::TestWithParam<Stencil3dStrategy>> {};

std::vector<int> book_tiles(Stencil3dStrategy s) {
  switch (s) {
    case Stencil3dStrategy::basic: return {4, 8};
    case Stencil3dStrategy::tiled: return {8};
    default: return {16, 32};
  }
}

}  // namespace

TEST_P(Stencil3dYardstick, MatchesTheCpuReferenceOnOddSizesAtEveryBookTile) {
  // Partial tiles on every axis, a grid thinner than the halo, one past a 32-wide tile.
  const int sizes[][3] = {{1, 1, 1}, {3, 5, 7}, {9, 8, 7}, {33, 17, 40}, {37, 31, 23}, {65, 3, 34}};
  const StencilCoeffs c = make_named_stencil("random:1", 1);
  for (int tile : book_tiles(GetParam()))
    for (const auto& s : sizes) {
      const Stencil3dParams p{GetParam(), 1, tile, s[0], s[1], s[2]};
      ASSERT_TRUE(yardstick::has_book_kernel(p));
      const std::vector<float> in = test::random_image(s[0] * s[1], s[2], unsigned(tile + s[0] * s[2])).pixels;
      std::vector<float> out(in.size()), ref(in.size());
      engine_->load(in.data(), s[0], s[1], s[2]);
      // The harness copies the input into the output first (the boundary cells' values): an
      // interior cell the kernel does not write keeps its input, not the reference's value.
      yardstick::time_book_kernel(p, c, engine_->device_grid(GridBuffer::current),
                                  engine_->device_grid(GridBuffer::next), 1);
      engine_->read(GridBuffer::next, out.data());
      stencil3d_cpu(c, in.data(), ref.data(), s[0], s[1], s[2]);
      ASSERT_LE(test::max_abs_diff(out, ref), stencil_tolerance(c, 1.0f))
          << strategy_info(p.strategy).name << " tile=" << tile << " " << s[0] << "x" << s[1] << "x" << s[2];
    }
}

INSTANTIATE_TEST_SUITE_P(BookStrategies, Stencil3dYardstick,
                         ::testing::Values(Stencil3dStrategy::basic, Stencil3dStrategy::tiled,
                                           Stencil3dStrategy::coarsened, Stencil3dStrategy::register_tiled),
                         [](const auto& info) { return std::string(strategy_info(info.param).name); });

TEST(Stencil3dYardstickScope, TheBooksCodeIsOfOrderOne) {
  EXPECT_FALSE(yardstick::has_book_kernel(Stencil3dParams{Stencil3dStrategy::tiled, 2, 8, 64, 64, 64}));
  EXPECT_FALSE(yardstick::has_book_kernel(Stencil3dParams{Stencil3dStrategy::fast, 1, 18, 64, 64, 64}));
  EXPECT_TRUE(yardstick::has_book_kernel(Stencil3dParams{Stencil3dStrategy::register_tiled, 1, 32, 64, 64, 64}));
}
