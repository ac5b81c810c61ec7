// Heavy but legal settings (issue 54, class 8): each pattern's model of a frame's work calls out the
// settings that take seconds a frame on the CPU and none of the defaults; the window says so once,
// over the view, and a conv2d check that takes longer than a frame's budget goes on over the next
// frames (the demo waiting) instead of freezing the window.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <optional>
#include <string>

#include "app/platform/headless_egl.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/shell/app.hpp"
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
  clamp(s);  // as the view takes them: launches of up to 8 steps
  ASSERT_TRUE(notice(s));
  EXPECT_NE(notice(s)->find("stencil3d 512^3, 64 steps a frame"), std::string::npos) << *notice(s);
  EXPECT_NE(notice(s)->find("a frame on the CPU"), std::string::npos) << *notice(s);
  const FrameSeconds heat = frame_seconds(frame_work(s), "cpu", kThreads);
  EXPECT_GT(heat.asked, 5.0);               // 68 GB of sweeps a frame ...
  EXPECT_LT(heat.running, heat.asked / 4);  // ... of which a frame runs a launch and what its budget lets it
  EXPECT_GT(heat.running, kHeavyFrameSeconds);
  EXPECT_NE(notice(s)->find("the simulation runs slower than asked"), std::string::npos) << *notice(s);
  EXPECT_FALSE(notice(s, "cuda"));  // a GPU moves the 68 GB in 0.07 s

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

// The App in a window's loop (no headless settling): a 4096^2 conv2d at r = 8 on the CPU. Its first
// frame shows the heavy notice and returns with the check under way; the check ends frames later
// with the verdict of the whole image.
TEST(HeavySettings, TheWindowShowsTheNoticeAndSpreadsACheckOverFrames) {
  HeadlessGl gl(1280, 720);
  ImGuiSession imgui;
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = {1280, 720};
  io.DeltaTime = 1.0f / 60;
  UiState start;
  start.backend = "cpu";
  start.paused = true;
  Conv2dUi& c = start.ui<Conv2dUi>();
  c.demo_size = 4096, c.params.filter_radius = 8, c.view = ViewMode::split;
  ASSERT_TRUE(notice(start, "cpu", false));
  App app(start);
  auto frame = [&] {
    app.prepare_frame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    app.frame(io.DisplaySize.x, io.DisplaySize.y, 1.0f, io.DeltaTime);
    ImGui::Render();
  };
  frame();
  EXPECT_NE(app.working().find("checking against the CPU reference"), std::string::npos) << app.working();
  const ImGuiWindow* shown = ImGui::FindWindowByName("##notice");
  ASSERT_TRUE(shown && shown->Active);  // drawn this frame
  int frames = 1;
  while (!app.working().empty() && frames < 10000) frame(), ++frames;
  EXPECT_GT(frames, 2);  // 9.7 GFLOP of reference: more than a frame's budget
  EXPECT_TRUE(app.working().empty());
  frame();
  EXPECT_TRUE(ImGui::FindWindowByName("##notice")->Active);  // the check is done: the heavy notice, still
  io.DeltaTime = float(OnceNotice::kSeconds);
  frame();
  io.DeltaTime = 1.0f / 60;
  frame();
  EXPECT_FALSE(ImGui::FindWindowByName("##notice")->Active);  // said once, for a while
}

}  // namespace
}  // namespace tilescope
