// Measured counters (kernels/common/counters.hpp) against physical facts: traffic known by
// construction, the exact count of kernels/conv2d, and bank conflicts written on purpose.
// Skipped, with the reason, where there is no GPU or its counters cannot be read.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/counted_run.hpp"
#include "kernels/common/counters.hpp"
#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "tests/common/counter_probes.cuh"
#include "tests/common/test_util.hpp"

using namespace tilescope;

namespace {

class Counters : public ::testing::Test {
 protected:
  void SetUp() override {
    CounterReading probe;
    try {
      cuda::DeviceBuffer<float> d_a(1024), d_b(1024);
      probe = measure_counters([&] { test::launch_copy(d_a.get(), d_b.get(), 1024); });
    } catch (const std::exception& e) {
      GTEST_SKIP() << "no CUDA device: " << e.what();
    }
    if (!probe.counters) GTEST_SKIP() << "no GPU counters: " << probe.why_not;
  }
  // The counters of `launch`, or a failure naming why there are none.
  static MemoryCounters measure(const std::function<void()>& launch) {
    const CounterReading r = measure_counters(launch);
    if (!r.counters) ADD_FAILURE() << r.why_not;
    return r.counters.value_or(MemoryCounters{});
  }
  // The counters of one conv2d run of p on a random image, through the engine as bench runs it.
  static MemoryCounters measure_conv2d(const Conv2dParams& p) {
    auto engine = Conv2dPattern::make_engine(*make_cuda_backend());
    const Image in = test::random_image(p.width, p.height, 7);
    engine->load_input(in.pixels.data(), p.width, p.height);
    CountedRun counted;
    engine->run(p, make_named_filter("random:1", p.filter_radius));
    if (!counted.reading().counters) ADD_FAILURE() << counted.reading().why_not;
    return counted.reading().counters.value_or(MemoryCounters{});
  }
};

// The set-up done ahead (the app's meter, before its frames) leaves the profiler as a measurement's
// own set-up would: ready to measure, or failing with the same reason.
TEST(CountersSetUp, AheadOfTimeIsTheSetUpAMeasurementWouldDo) {
  const std::string why_not = prepare_counters();
  if (!why_not.empty()) {
    EXPECT_EQ(measure_counters([] {}).why_not, why_not);
    GTEST_SKIP() << "no GPU counters: " << why_not;
  }
  EXPECT_EQ(prepare_counters(), "");  // a second time: the same profiler, nothing to set up
  cuda::DeviceBuffer<float> d_a(1 << 20), d_b(1 << 20);
  cuda::check(cudaMemset(d_a.get(), 0, d_a.bytes()), "cudaMemset");
  const CounterReading r = measure_counters([&] { test::launch_copy(d_a.get(), d_b.get(), 1 << 20); });
  ASSERT_TRUE(r.counters) << r.why_not;
  EXPECT_NEAR(r.counters->dram_read_bytes, 4.0 * (1 << 20), 0.05 * 4.0 * (1 << 20));
}

TEST_F(Counters, CopyReadsAndWritesEachByteOnceFromDram) {
  const std::size_t n = std::size_t(64) << 20;  // 256 MB each way, five times an H100's or H200's L2
  cuda::DeviceBuffer<float> d_src(n), d_dst(n);
  cuda::check(cudaMemset(d_src.get(), 0, d_src.bytes()), "cudaMemset");
  const MemoryCounters c = measure([&] { test::launch_copy(d_src.get(), d_dst.get(), n); });
  std::printf("copy of %zu floats: DRAM read %.0f B, written %.0f B (4N = %zu)\n", n, c.dram_read_bytes,
              c.dram_write_bytes, 4 * n);
  EXPECT_NEAR(c.dram_read_bytes, 4.0 * n, 0.03 * 4.0 * n);
  EXPECT_NEAR(c.dram_write_bytes, 4.0 * n, 0.03 * 4.0 * n);
}

// PMPP's model charges basic 4 bytes per tap (0.25 OP/B at r = 2); L1 and L2 serve the 25 taps'
// overlap, so DRAM sees about one pass over the image.
TEST_F(Counters, BasicConv2dReadsTheImageAboutOnceFromDram) {
  const Conv2dParams p{Conv2dStrategy::basic, 2, 16, 8192, 8192};  // strategy, radius, tile, size
  const MemoryCounters c = measure_conv2d(p);
  const double image = 4.0 * p.width * p.height;
  std::printf("basic 8192^2 r=2: DRAM read %.0f B = %.4fx the image; L1 hit %.1f%%, L2 hit %.1f%%\n", c.dram_read_bytes,
              c.dram_read_bytes / image, c.l1_hit_pct, c.l2_hit_pct);
  EXPECT_GE(c.dram_read_bytes, 1.0 * image);
  EXPECT_LE(c.dram_read_bytes, 1.3 * image);
}

// The exact count emulates tiled_in's loads per thread; the hardware counts load requests per
// warp instruction: one request for a warp whose threads load at least one element, none for a
// warp that skips the load (all its cells are ghosts). With a 32-wide block each warp is one row
// of the input tile, so the requests are the (block, row) pairs the count finds loading.
TEST_F(Counters, TiledInLoadRequestsAreTheWarpsOfTheExactCountThatLoad) {
  const Conv2dParams p{Conv2dStrategy::tiled_in, 2, 32, 4096, 4096};
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  std::int64_t loading_warps = 0, loads = 0;
  for (int by = 0; by < gy.grid_dim(p.height); ++by)
    for (int bx = 0; bx < gx.grid_dim(p.width); ++bx) {
      std::set<int> warps;
      for (int ty = 0; ty < gy.block_dim(); ++ty)
        for (int tx = 0; tx < gx.block_dim(); ++tx)
          if (in_range(gx.in_origin(bx) + tx, p.width) && in_range(gy.in_origin(by) + ty, p.height)) {
            warps.insert(warp_of(gx, tx, ty));
            ++loads;
          }
      loading_warps += std::int64_t(warps.size());
    }
  ASSERT_EQ(loads, exact_traffic(p).tile_loads);  // the emulation above is the count's
  const MemoryCounters c = measure_conv2d(p);
  std::printf("tiled_in 4096^2 r=2: %lld thread loads in %lld warps (count); %.0f global load requests (measured)\n",
              static_cast<long long>(loads), static_cast<long long>(loading_warps), c.global_load_requests);
  EXPECT_NEAR(c.global_load_requests, double(loading_warps), 0.01 * loading_warps);
}

TEST_F(Counters, ColumnWalkConflictsAndItsPaddedArrayDoesNot) {
  constexpr int kBlocks = 1024;
  cuda::DeviceBuffer<float> d_out(kBlocks * 32);
  const MemoryCounters walk = measure([&] { test::launch_column_walk(32, kBlocks, d_out.get()); });
  const MemoryCounters padded = measure([&] { test::launch_column_walk(33, kBlocks, d_out.get()); });
  std::printf("column walk: %.0f bank conflicts (32 wide), %.0f (33 wide)\n", walk.bank_conflicts,
              padded.bank_conflicts);
  EXPECT_GT(walk.bank_conflicts, 0);
  EXPECT_EQ(padded.bank_conflicts, 0);
}

}  // namespace
