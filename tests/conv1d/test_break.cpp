// Break it (issue 18) for conv1d tiled (PMPP 3rd ed. 7.4): each broken variant differs from the
// reference at exactly the outputs the geometry says it damages, on the CPU and (where a device is
// usable) on CUDA; the strategies and bugs that make no sense are refused with a reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/pattern.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "tests/common/break_checks.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"
#include "tests/conv1d/break_damage.hpp"

using namespace tilescope;
using test::positive_filter;
using test::predicted_damage;

namespace {

struct Case {
  Conv1dParams p;
  Filter1d f;
  std::vector<float> in;

  std::vector<float> reference() const {
    std::vector<float> ref(in.size());
    conv1d_cpu(f, in.data(), ref.data(), p.length);
    return ref;
  }
  void emulate(Break bug, float* out) const { conv1d_broken_cpu(p, bug, f, in.data(), out); }
  std::vector<char> damage(Break bug) const { return predicted_damage(p, bug); }
  int width() const { return p.length; }
  std::string describe(Break bug) const {
    return std::string(break_info(bug).name) + " n=" + std::to_string(p.filter_radius) +
           " block=" + std::to_string(p.tile) + " length=" + std::to_string(p.length);
  }
};

// Lengths shorter than a block, odd and a block's multiple; radii 1..32 (block >= 32 >= n).
std::vector<Case> spread() {
  std::vector<Case> cases;
  for (int r : {1, 2, 5, 31, 32})
    for (int tile : {32, 33, 64, 100})
      for (int length : {7, 64, 257, 1000}) {
        const Conv1dParams p{Conv1dStrategy::tiled, r, tile, length};
        cases.push_back({p, positive_filter(r, unsigned(r)),
                         test::random_image(length, 1, unsigned(length * 3 + r), 0.5f, 1.0f).pixels});
      }
  return cases;
}

const Break kBugs[] = {Break::no_halo, Break::no_ghost_zero, Break::origin_off_by_one, Break::no_barrier};

}  // namespace

TEST(Conv1dBreak, TheCpuEmulationDamagesExactlyThePredictedOutputs) {
  test::expect_emulation_damages_as_predicted(spread(), kBugs, test::exact);
}

TEST(Conv1dBreak, OriginOffByOneComputesEachOutputOneElementOn) {
  for (const Case& c : spread()) {
    std::vector<float> padded = c.in, shifted(c.in.size() + 1), out(c.in.size());
    padded.push_back(0.0f);  // one zero past the end: the reference reaches one element further
    conv1d_cpu(c.f, padded.data(), shifted.data(), c.p.length + 1);
    conv1d_broken_cpu(c.p, Break::origin_off_by_one, c.f, c.in.data(), out.data());
    EXPECT_EQ(out, std::vector<float>(shifted.begin() + 1, shifted.end())) << c.describe(Break::origin_off_by_one);
  }
}

TEST(Conv1dBreak, NoBarrierDamagesTheWarpTailsAndTheFirstThreadsOfALongBlock) {
  // n = 2, 64 threads a block: warp 0's last 2 threads read elements warp 1 loads; warp 0's first
  // 2 read the left halo, which warp 1 (the block's last 2 threads) loads. Warp 1 reads only its
  // own and warp 0's loads (the right halo is the first 2 threads'): nothing of it is damaged.
  const Conv1dParams p{Conv1dStrategy::tiled, 2, 64, 128};
  const std::vector<char> d = predicted_damage(p, Break::no_barrier);
  for (int i = 0; i < 128; ++i) EXPECT_EQ(bool(d[std::size_t(i)]), i % 64 < 2 || i % 64 == 30 || i % 64 == 31) << i;
}

TEST(Conv1dBreak, StrategiesOtherThanTiledAndIdleThreadsRefuseWithAReason) {
  for (Break bug : kBugs) EXPECT_FALSE(break_problem(Conv1dStrategy::tiled, bug)) << break_info(bug).name;
  EXPECT_NE(break_problem(Conv1dStrategy::tiled, Break::idle_threads_write)->find("only load"), std::string::npos);
  EXPECT_NE(break_problem(Conv1dStrategy::basic, Break::no_halo)->find("no shared memory"), std::string::npos);
  EXPECT_NE(break_problem(Conv1dStrategy::cached_halo, Break::no_ghost_zero)->find("tiled"), std::string::npos);
  const Conv1dParams p{Conv1dStrategy::fast, 1, 64, 64};
  std::vector<float> in(64, 1.0f), out(64);
  EXPECT_THROW(conv1d_broken_cpu(p, Break::no_halo, positive_filter(1, 1), in.data(), out.data()), InvalidInput);
}

class Conv1dBreakCuda : public test::CudaEngineTest<Conv1dEngine, &Conv1dPattern::make_engine> {};

TEST_F(Conv1dBreakCuda, TheKernelDamagesExactlyWhatTheCpuEmulationDoes) {
  test::expect_kernel_damages_as_emulated(
      spread(), kBugs,
      [&](const Case& c, Break bug, float* out) { engine_->conv1d_broken(c.p, bug, c.f, c.in.data(), out); },
      [](const Case& c) { return conv1d_tolerance(c.f, 1.0f); });
}
