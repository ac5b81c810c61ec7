// The ladder (app/ui/ladder.hpp): a row per strategy of the pattern in the book's order, each with
// the book's OP/B for that strategy at the view's parameters; on the CPU, where every strategy runs
// the same engine, nothing is launched or timed.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "app/conv2d/cli.hpp"
#include "app/platform/headless_frames.hpp"
#include "app/shell/app.hpp"
#include "app/shell/background_meter.hpp"
#include "app/shell/compare.hpp"
#include "app/shell/ladder.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
namespace {

UiState small(int pattern) {
  UiState s;
  s.pattern = pattern;
  s.backend = "cpu";
  s.ui<Conv2dUi>().demo_size = 64;
  return s;
}

HeadlessFrames window(const UiState& s) {
  ShotOptions o;
  o.width = 640, o.height = 480;
  return HeadlessFrames(s, o);
}

TEST(Ladder, Conv2dRowsCarryTheBooksOpbPerStrategy) {
  UiState s = small(pattern_index_of<Conv2dApp>());
  s.ui<Conv2dUi>().params.filter_radius = 2;
  s.ui<Conv2dUi>().params.tile = 32;
  HeadlessFrames w = window(s);
  w.render(0.1);
  Ladder ladder;
  const std::vector<HudFigures> rows = ladder.rows(w.app().state(), w.app().view(), TrafficMeter{});
  const auto table = strategy_table<Conv2dStrategy>();
  ASSERT_EQ(rows.size(), table.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].strategy, table[i].display_name);
  const auto row = [&](Conv2dStrategy st) { return rows[std::size_t(st)]; };
  // PMPP 7.2 and 7.3 at r = 2: 2 ops per tap, every tap a 4-byte load (0.25); the filter in
  // constant memory halves the bytes (0.5); the input tile of Fig 7.12 loads each cell once.
  EXPECT_DOUBLE_EQ(row(Conv2dStrategy::basic).opb_model, 0.25);
  EXPECT_DOUBLE_EQ(row(Conv2dStrategy::const_mem).opb_model, 0.5);
  EXPECT_GT(row(Conv2dStrategy::tiled_in).opb_model, 5 * row(Conv2dStrategy::const_mem).opb_model);
  for (const HudFigures& f : rows) EXPECT_EQ(f.kernel_ms, 0) << f.strategy << ": timed on the CPU";
}

TEST(Ladder, TheCpuLaunchesNothingAndEveryPatternHasItsRows) {
  for (int p : {pattern_index_of<Conv2dApp>(), pattern_index_of<Stencil3dApp>(), pattern_index_of<Conv1dApp>(),
                pattern_index_of<MatmulApp>()}) {
    HeadlessFrames w = window(small(p));
    Ladder ladder;
    for (int frame = 0; frame < 4 * Ladder::kFramesPerLaunch; ++frame) {
      ladder.launch_next(w.app().state(), w.app().view(), true);
      w.render(0.1);
    }
    const std::vector<HudFigures> rows = ladder.rows(w.app().state(), w.app().view(), TrafficMeter{});
    EXPECT_EQ(rows.size(), strategy_list(p).size()) << pattern_ids()[p];
    int runnable = 0;
    for (const HudFigures& f : rows) {
      EXPECT_EQ(f.kernel_ms, 0) << pattern_ids()[p] << " " << f.strategy;
      if (!f.problem.empty()) continue;
      ++runnable;
      EXPECT_GT(f.opb_counted, 0) << pattern_ids()[p] << " " << f.strategy;
    }
    EXPECT_GE(runnable, 2) << pattern_ids()[p];
  }
}

// The meter never invents a figure: on the CPU backend no row has a measurement, and each says why.
TEST(TrafficMeter, TheCpuMeasuresNothingAndSaysWhy) {
  UiState s = small(pattern_index_of<Conv2dApp>());
  s.measure_traffic = true;
  HeadlessFrames w = window(s);
  TrafficMeter meter;
  for (int frame = 0; frame < 8; ++frame) {
    meter.measure_next(w.app().state(), w.app().view(), true);
    w.render(0.1);
  }
  for (const HudFigures& f : Ladder{}.rows(w.app().state(), w.app().view(), meter)) {
    EXPECT_FALSE(f.measured) << f.strategy;
    EXPECT_NE(f.measured_why.find("CPU"), std::string::npos) << f.measured_why;
  }
}

// The frame that makes the meter waits for the profiler's set-up, not for the wait's bound: where
// there is no profiler (no CUDA in the build, no GPU) the set-up ends at once and says nothing; on a
// GPU it takes about a second. Then the meter runs its jobs on a lent turn.
TEST(BackgroundMeter, TheSetUpWaitEndsWithTheSetUpThenJobsRunLent) {
  using Clock = std::chrono::steady_clock;
  BackgroundMeter meter(0);
  const Clock::time_point start = Clock::now();
  meter.wait_set_up(std::chrono::seconds(120));
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(60));
  meter.start("job", [](GpuTurn turn) { return CounterReading{std::nullopt, turn.lent ? "lent" : "not lent"}; });
  std::optional<std::pair<std::string, CounterReading>> done;
  for (const Clock::time_point until = Clock::now() + std::chrono::seconds(60); !done && Clock::now() < until;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    done = meter.take_finished();
  }
  ASSERT_TRUE(done);
  EXPECT_EQ(done->first, "job");
  // A meter without a CUDA context says why instead of running the job.
  EXPECT_TRUE(done->second.why_not == "lent" || done->second.why_not.find("no CUDA context") != std::string::npos)
      << done->second.why_not;
  EXPECT_FALSE(meter.busy());
}

// On CUDA an unchanged launch is measured once, beside the frames (they go on while it runs), again
// when asked, and once more when its parameters change.
TEST(TrafficMeter, AnUnchangedLaunchIsMeasuredOnceBesideTheFramesAndAgainOnRequest) {
  UiState s = small(pattern_index_of<Conv2dApp>());
  s.backend = "cuda";
  s.ui<Conv2dUi>().demo_size = 1024;  // 4 MB: the few KB that any launch reads besides are under 1%
  HeadlessFrames w = window(s);
  w.render(0.1);
  if (w.app().view().backend().name() != "cuda") GTEST_SKIP() << "no CUDA device";
  TrafficMeter meter;
  int frames_while_measuring = 0;
  auto frame = [&] {
    meter.measure_next(w.app().state(), w.app().view(), false);
    frames_while_measuring += meter.measuring();
    w.render(0.1);
  };
  // Frames until the meter has had nothing in flight for a few of them (or a minute went by).
  auto settle = [&] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    for (int idle = 0; idle < 4 && std::chrono::steady_clock::now() < deadline;) {
      frame();
      idle = meter.measuring() ? 0 : idle + 1;
    }
  };
  settle();
  EXPECT_EQ(meter.measurements(), 1);
  EXPECT_GE(frames_while_measuring, 2);  // each pass waits for a frame to lend it the GPU
  HudFigures f = w.app().view().hud();
  meter.attach(f);
  if (!f.measured) GTEST_SKIP() << "no counters here: " << f.measured_why;
  // The reading taken beside the frames is the launch's: it read what the same launch reads with
  // the GPU to itself (model --measure's run), to within the counters' run-to-run spread.
  const CounterReading alone = cli::Conv2dCli::measure(w.app().state().ui<Conv2dUi>().params);
  ASSERT_TRUE(alone.counters) << alone.why_not;
  EXPECT_NEAR(f.measured->dram_read_bytes, alone.counters->dram_read_bytes, 0.05 * alone.counters->dram_read_bytes);
  EXPECT_NEAR(f.measured->instructions, alone.counters->instructions, 0.01 * alone.counters->instructions);
  w.app().state().measure_again = true;
  settle();
  EXPECT_EQ(meter.measurements(), 2);
  w.app().state().ui<Conv2dUi>().params.filter_radius += 1;
  settle();
  EXPECT_EQ(meter.measurements(), 3);
}

}  // namespace
}  // namespace tilescope
