// Heavy but legal settings (issue 54, class 8): each pattern's model of a frame's work calls out the
// settings that take seconds a frame on the CPU and none of the defaults; the window says so once.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "app/shell/frame_work.hpp"
#include "app/ui/notice.hpp"

namespace tilescope {
namespace {

constexpr int kThreads = 2;

std::optional<std::string> notice(const UiState& s, const char* backend = "cpu", bool running = true) {
  return heavy_frame_notice(frame_work(s), backend, kThreads, running);
}

TEST(HeavySettings, TheModelCallsOutSecondsAFrameAndNoneOfTheDefaults) {
  UiState s;
  for (s.pattern = 0; s.pattern < kPatternCount; ++s.pattern) {
    EXPECT_FALSE(notice(s)) << pattern_ids()[s.pattern] << ": " << notice(s).value_or("");
    EXPECT_FALSE(notice(s, "cpu", false)) << pattern_ids()[s.pattern];
  }
  s.pattern = pattern_index("stencil3d");
  Stencil3dUi& st = s.ui<Stencil3dUi>();
  st.grid = 512, st.iterations = 64;
  ASSERT_TRUE(notice(s));
  EXPECT_NE(notice(s)->find("stencil3d 512^3, 64 steps a frame"), std::string::npos) << *notice(s);
  EXPECT_NE(notice(s)->find("a frame on the CPU"), std::string::npos) << *notice(s);
  EXPECT_GT(frame_seconds(frame_work(s), "cpu", kThreads).running, 5.0);  // 68 GB of sweeps a frame
  EXPECT_FALSE(notice(s, "cuda"));                                        // a GPU moves that in 0.07 s

  s.pattern = pattern_index("conv2d");
  Conv2dUi& c = s.ui<Conv2dUi>();
  c.demo_size = 8192;
  ASSERT_TRUE(notice(s));
  EXPECT_NE(notice(s)->find("conv2d 8192^2 at r = 2 (25 taps)"), std::string::npos) << *notice(s);
  const FrameSeconds split = frame_seconds(frame_work(s), "cpu", kThreads);
  EXPECT_GT(split.first, split.running);  // the first frame is also checked
  c.view = ViewMode::diff;                // the diff view checks every frame
  EXPECT_EQ(frame_seconds(frame_work(s), "cpu", kThreads).running, split.first);
  EXPECT_NE(notice(s)->find("checked every frame"), std::string::npos) << *notice(s);
  const double one = frame_work(s).flops;
  s.compare = {"basic", "tiled_in", "tiled_out", "cached_halo"};
  EXPECT_EQ(frame_work(s).flops, 4 * one);  // each pane runs its launch
}

TEST(HeavySettings, ANoticeIsSaidOnceForTheSettingsThatCallForIt) {
  OnceNotice n;
  n.offer(std::string("heavy A"));
  ASSERT_TRUE(n.shown());
  EXPECT_EQ(*n.shown(), "heavy A");
  n.tick(OnceNotice::kSeconds + 0.1);
  EXPECT_FALSE(n.shown());
  n.offer(std::string("heavy A"));  // the same settings, frame after frame: said once
  EXPECT_FALSE(n.shown());
  n.offer(std::string("heavy B"));  // other settings: said again
  EXPECT_TRUE(n.shown());
  n.offer(std::nullopt);
  EXPECT_FALSE(n.shown());
  n.offer(std::string("heavy B"));  // heavy again after light
  EXPECT_TRUE(n.shown());
}

}  // namespace
}  // namespace tilescope
