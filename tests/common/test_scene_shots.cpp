// Every scene of the tours in assets/scenes renders headless through `tilescope shot --scene`, and
// its shot shows the HUD (the view's top-left corner changes when the HUD is turned off) and the
// caption (text in the band under the view that the app lays out for it), in presentation mode too.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/platform/headless_egl.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/shell/app.hpp"
#include "app/shell/scene.hpp"
#include "app/shell/state_json.hpp"
#include "app/ui/caption.hpp"
#include "app/ui/style.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"

namespace tilescope {
namespace {

constexpr int kWidth = 1200, kHeight = 800;

std::vector<std::string> scene_files() { return tour_files(TILESCOPE_SCENES); }

// The band the app gives `caption` in a window of kWidth x kHeight: the same fonts and style.
Rect caption_band_in_shot(const std::string& caption, bool presentation) {
  ImGuiContextOwner context = create_imgui_context();
  const Fonts fonts = load_fonts();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Build();
  io.DisplaySize = {float(kWidth), float(kHeight)};
  io.DeltaTime = 1.0f / 60;
  apply_style(presentation, fonts, io.DisplaySize.y);
  ImGui::NewFrame();
  const Rect band = caption_band(layout_for(float(kWidth), float(kHeight), presentation).view, caption);
  ImGui::EndFrame();
  return band;
}

struct Png {
  explicit Png(const std::string& path) { pixels = stbi_load(path.c_str(), &w, &h, &n, 3); }
  ~Png() { stbi_image_free(pixels); }
  Png(const Png&) = delete;
  Png& operator=(const Png&) = delete;
  int sum(int x, int y) const {
    const unsigned char* p = pixels + (std::size_t(y) * w + x) * 3;
    return p[0] + p[1] + p[2];
  }
  unsigned char* pixels = nullptr;
  int w = 0, h = 0, n = 0;
};

class SceneShot : public test::ScratchDirTest, public ::testing::WithParamInterface<std::string> {
 protected:
  SceneShot() : ScratchDirTest("tilescope_scene_shot_") {}
  // `tilescope shot --scene`, on the CPU at kWidth x kHeight; fails the test unless it wrote the PNG.
  void shoot(const std::string& scene, const std::string& out, const std::string& extra = "") {
    const test::CliResult r = test::run_shell(test::tilescope_exe() + " shot --backend cpu --size " +
                                              std::to_string(kWidth) + "x" + std::to_string(kHeight) + " --scene '" +
                                              scene + "' --out '" + path(out) + "' " + extra + " 2>&1");
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.find("ignoring"), std::string::npos) << "the scene has fields tilescope refuses:\n" << r.out;
  }
  // Text pixels (near white) in the band.
  static int bright_in(const Png& png, const Rect& band) {
    int bright = 0;
    for (int y = int(band.y); y < int(band.y + band.h); ++y)
      for (int x = int(band.x); x < int(band.x + band.w); ++x) bright += png.sum(x, y) > 600;
    return bright;
  }
};

TEST_P(SceneShot, ShowsTheHudAndTheCaption) {
  const std::string scene = GetParam();
  const UiState s = load_scene(scene);
  ASSERT_FALSE(s.caption.empty()) << "a scene of the tour says what to look at";
  ASSERT_TRUE(s.overlays.hud && s.overlays.caption);
  // The same scene with the HUD off: only the HUD's corner may differ.
  nlohmann::json j = nlohmann::json::parse(std::ifstream(scene));
  j["overlays"]["hud"] = false;
  write("no_hud.json", j.dump());
  shoot(scene, "shot.png");
  shoot(path("no_hud.json"), "no_hud.png");
  shoot(scene, "presentation.png", "--presentation");
  if (HasFatalFailure()) return;
  const Png shot(path("shot.png")), no_hud(path("no_hud.png")), presentation(path("presentation.png"));
  ASSERT_TRUE(shot.pixels && no_hud.pixels && presentation.pixels);
  ASSERT_EQ(shot.w, kWidth);

  const Rect view = layout_for(float(kWidth), float(kHeight), false).view;
  int changed = 0;
  for (int y = int(view.y); y < int(view.y) + 160; ++y)
    for (int x = int(view.x); x < int(view.x + 0.4f * view.w); ++x)
      changed += std::abs(shot.sum(x, y) - no_hud.sum(x, y)) > 90;
  EXPECT_GT(changed, 1500) << "no HUD in the view's top-left corner";

  const int lines = int(std::count(s.caption.begin(), s.caption.end(), '\n')) + 1;
  for (const bool large : {false, true}) {
    const Rect band = caption_band_in_shot(s.caption, large);
    SCOPED_TRACE(large ? "presentation mode" : "normal mode");
    EXPECT_GE(band.h, lines * (large ? 27 : 17)) << "the caption's band holds every line";
    EXPECT_GT(bright_in(large ? presentation : shot, band), lines * (large ? 400 : 200)) << "no caption text";
  }
}

// The window's keys on the headless App: PageDown / PageUp walk the tour and stop at its ends,
// ctrl+s writes the state shown as a scene that loads back to it; a scene's closed panels stay closed.
class TourKeys : public test::ScratchDirTest {
 protected:
  // One frame with `key` (an io.KeysDown index) held, and ctrl when `ctrl`.
  void frame(App& app, int key = -1, bool ctrl = false) {
    ImGuiIO& io = ImGui::GetIO();
    std::fill(std::begin(io.KeysDown), std::end(io.KeysDown), false);
    if (key >= 0) io.KeysDown[key] = true;
    io.KeyCtrl = ctrl;
    app.prepare_frame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    app.frame(io.DisplaySize.x, io.DisplaySize.y, 1.0f, io.DeltaTime);
    ImGui::Render();
  }
};

TEST_F(TourKeys, PageDownAndPageUpWalkTheTourAndCtrlSSavesTheStateShown) {
  const std::vector<std::string> tour = scene_files();
  ASSERT_GE(tour.size(), 3u);
  setenv("XDG_CONFIG_HOME", dir_.c_str(), 1);
  HeadlessGl gl(kWidth, kHeight);
  ImGuiSession imgui;
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = {float(kWidth), float(kHeight)};
  io.DeltaTime = 1.0f / 60;
  constexpr int kPageDown = 1, kPageUp = 2, kS = 'S';  // the window's keys are GLFW's: 'S' for S
  io.KeyMap[ImGuiKey_PageDown] = kPageDown, io.KeyMap[ImGuiKey_PageUp] = kPageUp;
  UiState start;
  start.backend = "cpu";
  App app(start);
  testing::internal::CaptureStdout();
  app.open_tour(tour, load_scene(tour[0]));
  frame(app);
  EXPECT_EQ(app.state().caption, load_scene(tour[0]).caption);
  EXPECT_EQ(app.state().backend, "cpu");  // the room's, not the scene's "auto"
  // The sidebar draws the panels as the scene has them, and records the others it shows.
  ASSERT_EQ(load_scene(tour[0]).panels.count("Timing"), 1u);
  EXPECT_EQ(app.state().panels.at("Timing"), load_scene(tour[0]).panels.at("Timing"));
  EXPECT_TRUE(app.state().panels.at("Controls"));
  frame(app, kPageUp);  // already at the first: stays
  EXPECT_EQ(app.state().caption, load_scene(tour[0]).caption);
  frame(app);
  frame(app, kPageDown);
  EXPECT_EQ(app.state().caption, load_scene(tour[1]).caption);
  frame(app);
  frame(app, kPageDown);
  const UiState third = load_scene(tour[2]);
  EXPECT_EQ(app.state().caption, third.caption);
  EXPECT_EQ(app.state().pattern, third.pattern);
  frame(app);
  frame(app, kS, true);
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("scene 3/" + std::to_string(tour.size())), std::string::npos) << out;
  std::vector<std::string> saved;
  for (const auto& e : std::filesystem::directory_iterator(dir_ / "tilescope" / "scenes"))
    saved.push_back(e.path().string());
  ASSERT_EQ(saved.size(), 1u) << out;
  EXPECT_NE(out.find("scene saved to " + saved[0]), std::string::npos) << out;
  const UiState again = load_scene(saved[0]);
  EXPECT_EQ(again.pattern, third.pattern);
  EXPECT_EQ(again.caption, third.caption);
  EXPECT_EQ(state_json(again, StateFile::scene)["conv2d"], state_json(third, StateFile::scene)["conv2d"]);
  EXPECT_EQ(state_json(again, StateFile::scene)["matmul"], state_json(third, StateFile::scene)["matmul"]);
}

// shot --scene FOLDER: the tour, every scene in turn in one App (as PageDown shows them), then the
// PNG of the last; --seconds runs passes until that time has passed and needs a folder.
class HeadlessTour : public test::ScratchDirTest {
 protected:
  HeadlessTour() : ScratchDirTest("tilescope_headless_tour_") {}
};

TEST_F(HeadlessTour, ShotOfAFolderShowsEverySceneInTurn) {
  const std::vector<std::string> tour = scene_files();
  ASSERT_GE(tour.size(), 3u);
  std::filesystem::create_directory(dir_ / "tour");
  for (int i = 0; i < 3; ++i)
    std::filesystem::copy_file(tour[i], dir_ / "tour" / std::filesystem::path(tour[i]).filename());
  const std::string shot =
      test::tilescope_exe() + " shot --backend cpu --size 640x480 --out '" + path("last.png") + "' ";
  const test::CliResult r = test::run_shell(shot + "--scene '" + path("tour") + "' --frames 2 --live 2>&1");
  ASSERT_EQ(r.code, 0) << r.out;
  for (int i = 1; i <= 3; ++i) EXPECT_NE(r.out.find("scene " + std::to_string(i) + "/3: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tour pass 1: 3 scenes of 2 frames"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("tour pass 2"), std::string::npos) << r.out;  // no --seconds: one pass
  EXPECT_TRUE(std::filesystem::is_regular_file(path("last.png")));
  std::filesystem::remove(path("last.png"));

  const std::pair<std::string, std::string> refused[] = {
      {"--scene '" + tour[0] + "' --seconds 5", "--seconds runs a tour: give --scene a folder of scenes"},
      {"--scene '" + path("tour") + "' --seconds -1", "--seconds must be within 0..86400"},
      {"--scene '" + path("tour") + "' --seconds nan", "--seconds must be within 0..86400"},
  };
  for (const auto& [args, message] : refused) {
    const test::CliResult bad = test::run_shell(shot + args + " 2>&1");
    EXPECT_EQ(bad.code, 2) << args << ": " << bad.out;
    EXPECT_NE(bad.out.find(message), std::string::npos) << args << ": " << bad.out;
  }
  write("tour/zz-broken.json", "[1, 2]");  // a scene that is not an object stops the tour before any frame
  const test::CliResult broken = test::run_shell(shot + "--scene '" + path("tour") + "' 2>&1");
  EXPECT_EQ(broken.code, 2) << broken.out;
  EXPECT_EQ(broken.out.find("scene 1/"), std::string::npos) << broken.out;
  EXPECT_FALSE(std::filesystem::exists(path("last.png")));
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = std::filesystem::path(info.param).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Tour, SceneShot, ::testing::ValuesIn(scene_files()), test_name);

}  // namespace
}  // namespace tilescope
