// Break it (issue 18): each broken tiled_in variant differs from the reference at exactly the
// outputs the geometry says it damages, on the CPU and (where a device is usable) on CUDA.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/pattern.hpp"
#include "kernels/conv2d/reference.hpp"
#include "tests/common/break_checks.hpp"
#include "tests/common/cuda_engine_test.hpp"
#include "tests/common/test_util.hpp"
#include "tests/conv2d/break_damage.hpp"

using namespace tilescope;
using test::positive_filter;
using test::predicted_damage;

namespace {

// The reference one cell right and down of each output, (x + 1, y + 1), zeros past the edge:
// what origin_off_by_one's blocks compute. The image is padded by a row and a column of zeros,
// so the reference reaches one cell past the edge.
std::vector<float> reference_one_cell_on(const Image& in, const Filter2d& f) {
  Image padded(in.width + 1, in.height + 1);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) padded.at(x, y) = in.at(x, y);
  std::vector<float> big(padded.pixels.size()), out(in.pixels.size());
  conv2d_cpu(f, padded.pixels.data(), big.data(), padded.width, padded.height);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x)
      out[std::size_t(y) * in.width + x] = big[std::size_t(y + 1) * padded.width + x + 1];
  return out;
}

struct Case {
  Conv2dParams p;
  Filter2d f;
  Image in;

  std::vector<float> reference() const {
    std::vector<float> ref(in.pixels.size());
    conv2d_cpu(f, in.pixels.data(), ref.data(), p.width, p.height);
    return ref;
  }
  void emulate(Break bug, float* out) const { conv2d_broken_cpu(p, bug, f, in.pixels.data(), out); }
  std::vector<char> damage(Break bug) const { return predicted_damage(p, bug); }
  int width() const { return p.width; }
  std::string describe(Break bug) const {
    return std::string(break_info(bug).name) + " r=" + std::to_string(p.filter_radius) +
           " tile=" + std::to_string(p.tile) + " " + std::to_string(p.width) + "x" + std::to_string(p.height);
  }
};

// Odd and even sizes, radii 1..3, tiles from one output per block (7 at r = 3) to 32.
std::vector<Case> spread() {
  std::vector<Case> cases;
  const int sizes[][2] = {{37, 23}, {64, 64}, {100, 7}};
  for (int r = 1; r <= 3; ++r)
    for (int tile : {7, 8, 16, 32})
      for (const auto& s : sizes)
        cases.push_back({Conv2dParams{Conv2dStrategy::tiled_in, r, tile, s[0], s[1]}, positive_filter(r, unsigned(r)),
                         test::random_image(s[0], s[1], unsigned(s[0] * 7 + r), 0.5f, 1.0f)});
  return cases;
}

int count(const std::vector<char>& damaged) { return int(std::count(damaged.begin(), damaged.end(), 1)); }

const Break kBugs[] = {Break::no_halo, Break::no_ghost_zero, Break::idle_threads_write, Break::origin_off_by_one,
                       Break::no_barrier};

}  // namespace

TEST(Break, TheCpuEmulationDamagesExactlyThePredictedOutputs) {
  test::expect_emulation_damages_as_predicted(spread(), kBugs, test::exact);
}

TEST(Break, NoHaloDamagesTheOutputsWithinROfAnOutputTileEdge) {
  // 64 x 64, r = 1, tile 16: output tiles of 14 start at 0, 14, 28, 42, 56; the first and last
  // column of each full tile reach the ring, and column 56 (the last tile is cut at 8): 9 columns,
  // and as many rows, damaged.
  const Conv2dParams p{Conv2dStrategy::tiled_in, 1, 16, 64, 64};
  EXPECT_EQ(count(predicted_damage(p, Break::no_halo)), 64 * 64 - (64 - 9) * (64 - 9));
}

TEST(Break, IdleThreadsWriteOverTheRingAroundEachInteriorTileEdge) {
  // The same launch: the rings cover r = 1 cell either side of the 4 interior tile edges (the
  // rings past the image edge are ghost cells, never stored): 8 columns and 8 rows.
  const Conv2dParams p{Conv2dStrategy::tiled_in, 1, 16, 64, 64};
  EXPECT_EQ(count(predicted_damage(p, Break::idle_threads_write)), 64 * 64 - (64 - 8) * (64 - 8));
}

TEST(Break, NoBarrierSparesTheRowsWhoseWindowEndsInTheirOwnWarp) {
  // tile 8, r = 1: a warp is 4 rows of 8 threads. Thread rows 1..6 compute; of them only row 3
  // (its warp's last) reads a row of the next warp, so one row of each 6-row output tile is
  // damaged: image rows 2 and 8.
  const Conv2dParams p{Conv2dStrategy::tiled_in, 1, 8, 12, 12};
  const std::vector<char> d = predicted_damage(p, Break::no_barrier);
  for (int y = 0; y < 12; ++y) EXPECT_EQ(bool(d[std::size_t(y) * 12]), y % 6 == 2) << "row " << y;
}

TEST(Break, OriginOffByOneReadsTheWindowOneCellRightAndDown) {
  for (const Case& c : spread()) {
    std::vector<float> out(c.in.pixels.size());
    conv2d_broken_cpu(c.p, Break::origin_off_by_one, c.f, c.in.pixels.data(), out.data());
    EXPECT_EQ(out, reference_one_cell_on(c.in, c.f)) << c.describe(Break::origin_off_by_one);
  }
}

TEST(Break, NamesParseAndUnknownOnesAreRefused) {
  int n = 0;
  const BreakInfo* all = breaks(n);
  EXPECT_EQ(n, 5);
  for (int i = 0; i < n; ++i) EXPECT_EQ(parse_break(all[i].name), all[i].bug);
  EXPECT_THROW(parse_break("no_halos"), InvalidInput);
  EXPECT_THROW(parse_break(""), InvalidInput);
}

TEST(Break, StrategiesOtherThanTiledInRefuseWithAReason) {
  for (Break bug : kBugs) EXPECT_FALSE(break_problem(Conv2dStrategy::tiled_in, bug)) << break_info(bug).name;
  EXPECT_NE(break_problem(Conv2dStrategy::tiled_out, Break::idle_threads_write)->find("only load"), std::string::npos);
  EXPECT_NE(break_problem(Conv2dStrategy::basic, Break::no_halo)->find("no shared memory"), std::string::npos);
  const Conv2dParams p{Conv2dStrategy::cached_halo, 1, 16, 8, 8};
  std::vector<float> in(64, 1.0f), out(64);
  EXPECT_THROW(conv2d_broken_cpu(p, Break::no_halo, positive_filter(1, 1), in.data(), out.data()), InvalidInput);
}

class BreakCuda : public test::CudaEngineTest<Conv2dEngine, &Conv2dPattern::make_engine> {};

TEST_F(BreakCuda, TheKernelDamagesExactlyWhatTheCpuEmulationDoes) {
  test::expect_kernel_damages_as_emulated(
      spread(), kBugs,
      [&](const Case& c, Break bug, float* out) { engine_->conv2d_broken(c.p, bug, c.f, c.in.pixels.data(), out); },
      [](const Case& c) { return conv2d_tolerance(c.f, 1.0f); });
}
