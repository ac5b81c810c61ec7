// Files written before the pattern table (issue 50) keep loading: a settings.json that the window of
// that build wrote on exit (tests/common/data/settings-before-pattern-table.json, its fields set
// away from the defaults first), and every scene shipped in assets/scenes, field by field into
// today's settings, with nothing unknown, missing or out of range said about them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "app/shell/scene.hpp"
#include "app/shell/settings.hpp"
#include "app/shell/ui_state.hpp"

using namespace tilescope;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST(Compatibility, ASettingsFileFromBeforeThePatternTableLoadsFieldByField) {
  const std::string path = std::string(TILESCOPE_TEST_DATA) + "/settings-before-pattern-table.json";
  UiState s;
  testing::internal::CaptureStderr();
  load_settings_text(s, read_file(path), path);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(s.pattern, pattern_index_of<Stencil3dApp>());
  const Conv2dUi& c = s.ui<Conv2dUi>();
  EXPECT_EQ(c.params.strategy, Conv2dStrategy::tiled_out);
  EXPECT_EQ(c.params.filter_radius, 3);
  EXPECT_EQ(c.params.tile, 16);
  EXPECT_EQ(c.filter, "box");
  EXPECT_EQ(c.view, ViewMode::diff);  // kept at the top of the file, where it always was
  EXPECT_EQ(c.demo_scene, DemoScene::rings);
  EXPECT_EQ(c.demo_size, 512);
  const Stencil3dUi& st = s.ui<Stencil3dUi>();
  EXPECT_EQ(st.params.strategy, Stencil3dStrategy::coarsened);
  EXPECT_EQ(st.params.order, 2);
  EXPECT_EQ(st.grid, 96);
  EXPECT_EQ(st.iterations, 8);
  EXPECT_EQ(s.ui<Conv1dUi>().params.filter_radius, 5);
  EXPECT_EQ(s.ui<Conv1dUi>().params.length, 1000);
  EXPECT_EQ(s.ui<MatmulUi>().params.rows, 30);
  EXPECT_EQ(s.ui<MatmulUi>().seed, 9u);
  EXPECT_EQ(s.ui<MatmulUi>().missing, MissingBarrier::write_after_read);
  EXPECT_TRUE(s.measure_traffic);  // "measure_every": 30, from before a launch was measured once
  EXPECT_FALSE(s.overlays.hud);
}

TEST(Compatibility, EveryShippedSceneLoadsWithoutAWord) {
  int scenes = 0;
  for (const std::string& file : tour_files(TILESCOPE_SCENES)) {
    testing::internal::CaptureStderr();
    const UiState s = load_scene(file);
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << file;
    EXPECT_FALSE(s.caption.empty()) << file;
    ++scenes;
  }
  EXPECT_GE(scenes, 26);
}
