// Parameter sets that cannot run are refused, each with a reason that names the limit.
#include <gtest/gtest.h>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

using namespace tilescope;

namespace {
std::string problem(Conv2dParams p, DeviceLimits limits = {}) { return launch_problem(p, limits).value_or(""); }
}  // namespace

TEST(Validate, AcceptsTheBookSettings) {
  for (int tile : {8, 16, 32})
    EXPECT_FALSE(launch_problem(Conv2dParams{Conv2dStrategy::tiled_in, 2, tile, 1024, 1024}));
  EXPECT_FALSE(launch_problem(Conv2dParams{Conv2dStrategy::tiled_out, 8, 32, 1, 1}));
}

TEST(Validate, RefusesRadiusZeroAndBeyondTheMaximum) {
  EXPECT_NE(problem({Conv2dStrategy::basic, 0, 16, 64, 64}).find("radius 0 is out of range"), std::string::npos);
  EXPECT_NE(problem({Conv2dStrategy::basic, kMaxConv2dRadius + 1, 16, 64, 64}).find("1..8"), std::string::npos);
}

TEST(Validate, RefusesTileZeroAndBlocksOverTheThreadLimit) {
  EXPECT_NE(problem({Conv2dStrategy::basic, 1, 0, 64, 64}).find("tile 0"), std::string::npos);
  const std::string big = problem({Conv2dStrategy::basic, 1, 33, 64, 64});
  EXPECT_NE(big.find("1089-thread block"), std::string::npos) << big;
  EXPECT_NE(big.find("tile <= 32"), std::string::npos) << big;
}

TEST(Validate, RefusesTiledInWhenTheHalosFillTheTile) {
  const std::string why = problem({Conv2dStrategy::tiled_in, 4, 8, 64, 64});
  EXPECT_NE(why.find("must be wider than the two halos"), std::string::npos) << why;
  EXPECT_NE(why.find("tile >= 9"), std::string::npos) << why;
  EXPECT_FALSE(launch_problem(Conv2dParams{Conv2dStrategy::tiled_out, 4, 8, 64, 64}));  // block = output tile: fine
}

TEST(Validate, RefusesSharedMemoryOverTheDeviceLimit) {
  DeviceLimits small;
  small.max_shared_bytes_per_block = 4096;
  const std::string why = problem({Conv2dStrategy::tiled_out, 2, 32, 64, 64}, small);  // 36^2 * 4 = 5184 B
  EXPECT_NE(why.find("5184 bytes of shared memory"), std::string::npos) << why;
  EXPECT_FALSE(launch_problem(Conv2dParams{Conv2dStrategy::tiled_in, 2, 32, 64, 64}, small));  // 4096 B fits
}

TEST(Validate, FastRunsEveryRadiusAtItsDefaultTileAndRefusesTheBooksTile) {
  for (int r = 1; r <= kMaxConv2dRadius; ++r)
    EXPECT_FALSE(
        launch_problem(Conv2dParams{Conv2dStrategy::fast, r, default_tile(Conv2dStrategy::fast, r), 8192, 8192}))
        << r;
  // tile 32 = 128x128 outputs: (128 + 2 x 8) x (128 + 2 x 1) x 4 B = 74880 B of shared memory, over 48 KiB.
  const std::string why = *launch_problem(Conv2dParams{Conv2dStrategy::fast, 1, 32, 1024, 1024});
  EXPECT_NE(why.find("74880 bytes of shared memory"), std::string::npos) << why;
  EXPECT_NE(why.find("smaller tile"), std::string::npos) << why;
}

TEST(Validate, SlidingRunsUpToRadiusThreeAtItsDefaultStripAndNamesFastAbove) {
  for (int r = 1; r <= kSlidingMaxRadius; ++r)
    EXPECT_FALSE(
        launch_problem(Conv2dParams{Conv2dStrategy::sliding, r, default_tile(Conv2dStrategy::sliding, r), 8192, 8192}))
        << r;
  const std::string why = problem({Conv2dStrategy::sliding, kSlidingMaxRadius + 1, 16, 1024, 1024});
  EXPECT_NE(why.find("radius <= 3"), std::string::npos) << why;
  EXPECT_NE(why.find("use fast"), std::string::npos) << why;
  // A strip is a row count, not a block side: 256 rows need no 256 x 256 block.
  EXPECT_FALSE(launch_problem(Conv2dParams{Conv2dStrategy::sliding, 1, 256, 1024, 1024}));
}

TEST(Validate, RefusesEmptyHugeAndUnlaunchableImages) {
  EXPECT_NE(problem({Conv2dStrategy::basic, 1, 16, 0, 5}).find("empty"), std::string::npos);
  EXPECT_NE(problem({Conv2dStrategy::basic, 1, 16, 1 << 15, 1 << 15}).find("more than"), std::string::npos);
  EXPECT_NE(problem({Conv2dStrategy::basic, 1, 1, 1, 70000}).find("grid"), std::string::npos);
  // fast pads each row to a float4: 5 x (2^28 / 5) pixels are within the bound dense and 8/5 of
  // it, past the bound, padded; 8 wide needs no padding.
  const int tall = (1 << 28) / 5;
  EXPECT_NE(problem({Conv2dStrategy::fast, 1, 16, 5, tall}).find("pads each row"), std::string::npos);
  EXPECT_EQ(problem({Conv2dStrategy::basic, 1, 16, 5, tall}).find("pads"), std::string::npos);
  EXPECT_EQ(problem({Conv2dStrategy::fast, 1, 16, 8, (1 << 28) / 8}).find("pads"), std::string::npos);
}

TEST(Validate, ThrowsInvalidInputWithTheSameMessage) {
  try {
    validate_launch(Conv2dParams{Conv2dStrategy::basic, 0, 16, 64, 64});
    FAIL() << "radius 0 accepted";
  } catch (const InvalidInput& e) {
    EXPECT_EQ(std::string(e.what()), problem({Conv2dStrategy::basic, 0, 16, 64, 64}));
  }
}

TEST(Validate, RefusesASlidingStripLongerThanItMarchesWithoutOverflow) {
  const std::string why = problem({Conv2dStrategy::sliding, 1, 2147483647, 1024, 1024});
  EXPECT_NE(why.find("longer than the longest"), std::string::npos) << why;
  EXPECT_FALSE(launch_problem(Conv2dParams{Conv2dStrategy::sliding, 1, kMaxSlidingStrip, 1024, 1024}));
  // A tile whose square overflows int is refused with the true thread count.
  EXPECT_NE(problem({Conv2dStrategy::basic, 1, 46341, 64, 64}).find("2147488281"), std::string::npos);
}
