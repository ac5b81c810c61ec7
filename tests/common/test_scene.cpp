// Scenes (issue 17, item 3): a scene file reads field by field over the defaults, says what it did
// not know or did not find, opens when a newer tilescope wrote it, and saves what it loads.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <string>

#include "app/shell/scene.hpp"
#include "app/shell/state_json.hpp"
#include "kernels/common/error.hpp"
#include "tests/common/scratch_dir.hpp"

namespace tilescope {
namespace {

class Scene : public test::ScratchDirTest {
 protected:
  // Loads `text` as a scene, keeping what it said on stderr.
  UiState load(const std::string& text) {
    write("s.json", text);
    testing::internal::CaptureStderr();
    UiState s = load_scene(path("s.json"));
    err_ = testing::internal::GetCapturedStderr();
    return s;
  }
  int lines() const { return int(std::count(err_.begin(), err_.end(), '\n')); }
  std::string err_;
};

TEST_F(Scene, MissingFieldsKeepTheirDefaultsAndAreListedInOneLine) {
  const UiState s = load(R"({"pattern": "stencil3d", "stencil3d": {"strategy": "coarsened"}})");
  const UiState defaults;
  EXPECT_EQ(s.pattern, pattern_index_of<Stencil3dApp>());
  EXPECT_EQ(s.ui<Stencil3dUi>().params.strategy, Stencil3dStrategy::coarsened);
  EXPECT_EQ(s.ui<Stencil3dUi>().params.order, defaults.ui<Stencil3dUi>().params.order);
  EXPECT_EQ(s.ui<Stencil3dUi>().iterations, defaults.ui<Stencil3dUi>().iterations);
  EXPECT_EQ(s.ui<Conv2dUi>().view, defaults.ui<Conv2dUi>().view);
  EXPECT_EQ(s.ui<Conv2dUi>().params, defaults.ui<Conv2dUi>().params);
  EXPECT_TRUE(s.caption.empty());
  ASSERT_EQ(lines(), 1) << err_;
  for (const char* key : {"'version'", "'stencil3d.order'", "'caption'", "'overlays'"})
    EXPECT_NE(err_.find(key), std::string::npos) << key << "\n" << err_;
  // The other patterns' parameters are not the scene's business: not listed.
  EXPECT_EQ(err_.find("conv1d"), std::string::npos) << err_;
}

TEST_F(Scene, UnknownFieldsAreIgnoredAndListedInOneLine) {
  const UiState s = load(R"({"version": 1, "pattern": "conv2d", "hologram": 3,
                             "conv2d": {"strategy": "cached_halo", "radius": 3, "warp_size": 64}})");
  EXPECT_EQ(s.ui<Conv2dUi>().params.strategy, Conv2dStrategy::cached_halo);
  EXPECT_EQ(s.ui<Conv2dUi>().params.filter_radius, 3);
  const auto unknown = err_.substr(0, err_.find('\n'));
  EXPECT_NE(unknown.find("ignoring unknown fields"), std::string::npos) << err_;
  for (const char* key : {"'hologram'", "'conv2d.warp_size'"}) EXPECT_NE(unknown.find(key), std::string::npos) << err_;
}

TEST_F(Scene, FieldsOfTheWrongTypeOrRangeKeepTheirDefaultsWithOneWarningEach) {
  const UiState defaults;
  const UiState s = load(R"({"version": 1, "pattern": "matmul", "view": 2, "zoom": 500, "pinned": [-1, 2],
                             "matmul": {"strategy": "tiled", "tile": 1000, "without": "both", "rows": "24"},
                             "caption": [1, "two"], "panels": {"Timing": "closed"}})");
  EXPECT_EQ(s.pattern, pattern_index_of<MatmulApp>());
  EXPECT_EQ(s.ui<MatmulUi>().params.tile, defaults.ui<MatmulUi>().params.tile);
  EXPECT_EQ(s.ui<MatmulUi>().params.rows, defaults.ui<MatmulUi>().params.rows);
  EXPECT_EQ(s.ui<MatmulUi>().missing, MissingBarrier::none);
  EXPECT_EQ(s.ui<Conv2dUi>().view, defaults.ui<Conv2dUi>().view);
  EXPECT_FALSE(s.pinned);
  EXPECT_TRUE(s.caption.empty());
  EXPECT_TRUE(s.panels.empty());
  ASSERT_TRUE(s.pose);
  EXPECT_EQ(s.pose->zoom, 0.0f);  // fit
  for (const char* key :
       {"'view'", "'zoom'", "'pinned'", "'matmul.tile'", "'matmul.without'", "'matmul.rows'", "'caption'", "'panels'"})
    EXPECT_NE(err_.find(std::string("ignoring ") + key), std::string::npos) << key << "\n" << err_;
  EXPECT_EQ(lines(), 8 + 1) << err_;  // and the line of missing fields
}

TEST_F(Scene, ASceneFromANewerVersionStillOpens) {
  const UiState s = load(R"({"version": 9, "pattern": "conv1d", "conv1d": {"strategy": "fast", "radius": 5},
                             "timeline": [1, 2], "caption": "from the future"})");
  EXPECT_EQ(s.pattern, pattern_index_of<Conv1dApp>());
  EXPECT_EQ(s.ui<Conv1dUi>().params.strategy, Conv1dStrategy::fast);
  EXPECT_EQ(s.ui<Conv1dUi>().params.filter_radius, 5);
  EXPECT_EQ(s.caption, "from the future");
  EXPECT_NE(err_.find("'version' is 9, newer"), std::string::npos) << err_;
  EXPECT_NE(err_.find("'timeline'"), std::string::npos) << err_;
}

TEST_F(Scene, ACompareSetIsReadAndSavedBack) {
  const UiState s = load(R"({"version": 1, "pattern": "conv2d", "compare": ["basic", "tiled_in", "fast"],
                             "conv2d": {"strategy": "basic"}})");
  EXPECT_EQ(s.compare, (std::vector<std::string>{"basic", "tiled_in", "fast"}));
  EXPECT_EQ(err_.find("compare"), std::string::npos) << err_;
  save_scene(s, path("saved.json"));
  const UiState again = load_scene(path("saved.json"));
  EXPECT_EQ(again.compare, s.compare);
  EXPECT_EQ(state_json(again, StateFile::scene), state_json(s, StateFile::scene));
}

TEST_F(Scene, ACompareSetThatIsNotTwoToFourOfThePatternsStrategiesIsIgnoredWithOneLine) {
  for (const char* set :
       {R"(["basic"])", R"(["basic", "tiled_in", "tiled_out", "cached_halo", "fast"])", R"(["basic", "warp_tiled"])",
        R"(["basic", "naive"])", R"("basic,tiled_in")", R"(["basic", 3])"}) {
    const UiState s = load(std::string(R"({"version": 1, "pattern": "conv2d", "compare": )") + set + "}");
    EXPECT_TRUE(s.compare.empty()) << set;
    EXPECT_NE(err_.find("ignoring 'compare'"), std::string::npos) << set << "\n" << err_;
    EXPECT_EQ(lines(), 1 + 1) << set << "\n" << err_;  // and the line of missing fields
  }
}

TEST_F(Scene, ABreakTheStrategyCannotRunIsIgnored) {
  const UiState s = load(R"({"pattern": "conv2d", "conv2d": {"strategy": "basic", "break": "no_halo"}})");
  EXPECT_EQ(s.ui<Conv2dUi>().bug, Break::none);
  EXPECT_NE(err_.find("ignoring 'conv2d.break'"), std::string::npos) << err_;
  EXPECT_EQ(load(R"({"pattern": "conv2d", "conv2d": {"strategy": "tiled_in", "break": "no_halo"}})").ui<Conv2dUi>().bug,
            Break::no_halo);
}

TEST_F(Scene, AStencil3dSceneHoldsABreakItsStrategyCanHave) {
  EXPECT_EQ(
      load(R"({"pattern": "stencil3d", "stencil3d": {"strategy": "tiled", "break": "no_halo"}})").ui<Stencil3dUi>().bug,
      Break::no_halo);
  const UiState s = load(R"({"pattern": "stencil3d", "stencil3d": {"strategy": "tiled", "break": "no_ghost_zero"}})");
  EXPECT_EQ(s.ui<Stencil3dUi>().bug, Break::none) << "stencil3d reads no ghost cell";
  EXPECT_NE(err_.find("ignoring 'stencil3d.break'"), std::string::npos) << err_;
  UiState saved;
  saved.pattern = pattern_index_of<Stencil3dApp>();
  saved.ui<Stencil3dUi>().bug = Break::idle_threads_write;
  save_scene(saved, path("saved.json"));
  EXPECT_EQ(load_scene(path("saved.json")).ui<Stencil3dUi>().bug, Break::idle_threads_write);
}

TEST_F(Scene, SaveThenLoadGivesTheSameScene) {
  UiState s;
  s.pattern = pattern_index_of<Conv2dApp>();
  s.ui<Conv2dUi>().params = {Conv2dStrategy::tiled_in, 3, 16};
  s.ui<Conv2dUi>().filter = "box";
  s.ui<Conv2dUi>().bug = Break::no_ghost_zero;
  s.ui<Conv2dUi>().stepper.on = true, s.ui<Conv2dUi>().stepper.step = 3;
  s.ui<Conv2dUi>().view = ViewMode::output;
  s.ui<Conv2dUi>().demo_scene = DemoScene::impulses;
  s.ui<Conv2dUi>().demo_size = 256;
  s.paused = true;
  s.presentation = true;
  s.overlays.thread_ids = false;
  s.overlays.caption = false;
  s.pinned = Pixel{40, 7};
  s.pose = ViewPose{12.5f, Vec2{40.5f, 7.5f}};
  s.caption = "The ghost cells hold the edge pixel.\nLook at the border.";
  s.panels = {{"Timing", false}, {"OP/B", true}};
  save_scene(s, path("saved.json"));
  testing::internal::CaptureStderr();
  const UiState again = load_scene(path("saved.json"));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");  // nothing unknown, nothing missing
  EXPECT_EQ(again.ui<Conv2dUi>().params.strategy, s.ui<Conv2dUi>().params.strategy);
  EXPECT_EQ(again.ui<Conv2dUi>().params.filter_radius, 3);
  EXPECT_EQ(again.ui<Conv2dUi>().params.tile, 16);
  EXPECT_EQ(again.ui<Conv2dUi>().filter, "box");
  EXPECT_EQ(again.ui<Conv2dUi>().bug, Break::no_ghost_zero);
  EXPECT_TRUE(again.ui<Conv2dUi>().stepper.on);
  EXPECT_EQ(again.ui<Conv2dUi>().stepper.step, 3);
  EXPECT_EQ(again.ui<Conv2dUi>().view, ViewMode::output);
  EXPECT_EQ(again.ui<Conv2dUi>().demo_scene, DemoScene::impulses);
  EXPECT_EQ(again.ui<Conv2dUi>().demo_size, 256);
  EXPECT_TRUE(again.paused && again.presentation);
  EXPECT_FALSE(again.overlays.thread_ids || again.overlays.caption);
  EXPECT_EQ(again.pinned, s.pinned);
  ASSERT_TRUE(again.pose && again.pose->centre);
  EXPECT_EQ(again.pose->zoom, 12.5f);
  EXPECT_EQ(again.pose->centre->x, 40.5f);
  EXPECT_EQ(again.caption, s.caption);
  EXPECT_EQ(again.panels, s.panels);
  EXPECT_EQ(state_json(again, StateFile::scene), state_json(s, StateFile::scene));
}

TEST_F(Scene, EveryPatternsParametersSurviveTheRoundTrip) {
  UiState s;
  s.ui<Stencil3dUi>().params = {Stencil3dStrategy::register_tiled, 2, 16};
  s.ui<Stencil3dUi>().grid = 96, s.ui<Stencil3dUi>().slice = 30, s.ui<Stencil3dUi>().iterations = 9,
  s.ui<Stencil3dUi>().coeffs = "laplacian";
  s.ui<Stencil3dUi>().stepper.on = true, s.ui<Stencil3dUi>().stepper.step = 11;
  s.ui<Conv1dUi>().stepper.on = true, s.ui<Conv1dUi>().stepper.step = 2;
  s.ui<Conv1dUi>().params = {Conv1dStrategy::cached_halo, 7, 128, 500};
  s.ui<MatmulUi>().params = {MatmulStrategy::tiled, 6, 30, 36, 18};
  s.ui<MatmulUi>().phase = 3, s.ui<MatmulUi>().step = 2, s.ui<MatmulUi>().missing = MissingBarrier::write_after_read,
  s.ui<MatmulUi>().seed = 9;
  for (int p : {pattern_index_of<Stencil3dApp>(), pattern_index_of<Conv1dApp>(), pattern_index_of<MatmulApp>()}) {
    s.pattern = p;
    save_scene(s, path("p.json"));
    testing::internal::CaptureStderr();
    const UiState again = load_scene(path("p.json"));
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << pattern_ids()[p];
    EXPECT_EQ(state_json(again, StateFile::scene), state_json(s, StateFile::scene)) << pattern_ids()[p];
  }
  EXPECT_EQ(load_scene(path("p.json")).ui<MatmulUi>().missing, MissingBarrier::write_after_read);
}

TEST_F(Scene, AStepTurnsTheStepThroughOnAndABadOneIsIgnored) {
  const UiState s = load(R"({"pattern": "conv1d", "conv1d": {"step": 4}})");
  EXPECT_TRUE(s.ui<Conv1dUi>().stepper.on);
  EXPECT_EQ(s.ui<Conv1dUi>().stepper.step, 4);
  EXPECT_FALSE(load(R"({"pattern": "conv1d"})").ui<Conv1dUi>().stepper.on);  // absent: off
  const UiState bad = load(R"({"pattern": "stencil3d", "stencil3d": {"step": -2}})");
  EXPECT_FALSE(bad.ui<Stencil3dUi>().stepper.on);
  EXPECT_NE(err_.find("ignoring 'stencil3d.step'"), std::string::npos) << err_;
}

TEST_F(Scene, ACaptionWithEmptyOrTrailingLinesSurvivesTheRoundTrip) {  // found by fuzz_scene
  for (const std::string caption : {"a\n", "\n\n\"\n\n", "one\n\ntwo", ""}) {
    UiState s;
    s.caption = caption;
    save_scene(s, path("c.json"));
    EXPECT_EQ(load_scene(path("c.json")).caption, caption);
  }
}

TEST_F(Scene, OnlyRegularFilesOfBoundedSizeHoldingAnObjectOpen) {
  ASSERT_EQ(::mkfifo(path("fifo.json").c_str(), 0600), 0);
  EXPECT_THROW(load_scene(path("fifo.json")), InvalidInput);  // would block forever on open()
  EXPECT_THROW(load_scene(dir_.string()), InvalidInput);
  EXPECT_THROW(load_scene(path("missing.json")), InvalidInput);
  write("big.json", "{\"caption\": \"" + std::string(kMaxSceneBytes, 'x') + "\"}");
  EXPECT_THROW(load_scene(path("big.json")), InvalidInput);
  write("list.json", "[1, 2]");
  try {
    load_scene(path("list.json"));
    ADD_FAILURE() << "a JSON array opened as a scene";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("not a JSON object"), std::string::npos) << e.what();
  }
}

TEST_F(Scene, ATourIsTheFoldersScenesInFileNameOrder) {
  for (const char* name : {"ch7-2d-02-tiled.json", "ch5-01-naive.json", "ch7-2d-01-basic.json", "notes.txt"})
    write(name, "{}");
  std::filesystem::create_directory(path("sub.json"));  // a folder is not a scene
  const std::vector<std::string> tour = tour_files(dir_.string());
  EXPECT_EQ(tour, (std::vector<std::string>{path("ch5-01-naive.json"), path("ch7-2d-01-basic.json"),
                                            path("ch7-2d-02-tiled.json")}));
  EXPECT_EQ(tour_files(path("notes.txt")), std::vector<std::string>{path("notes.txt")});
  EXPECT_THROW(tour_files(path("missing")), InvalidInput);
  std::filesystem::create_directory(path("empty"));
  EXPECT_THROW(tour_files(path("empty")), InvalidInput);
}

TEST_F(Scene, NewScenePathsNeverOverwrite) {
  const std::string first = new_scene_path(dir_.string());
  EXPECT_EQ(first.rfind(path("scene-"), 0), 0u) << first;
  write(std::filesystem::path(first).filename().string(), "{}");
  const std::string second = new_scene_path(dir_.string());
  EXPECT_NE(second, first);
  EXPECT_NE(second.find("-2.json"), std::string::npos) << second;
}

}  // namespace
}  // namespace tilescope
