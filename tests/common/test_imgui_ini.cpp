// The window layout file: what ImGui holds is what the file says, and a save replaces the file
// whole (never writes through a planted symlink, never leaves half a file).
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

#include "app/platform/imgui_ini.hpp"
#include "app/platform/imgui_session.hpp"
#include "tests/common/scratch_dir.hpp"

using namespace tilescope;
namespace fs = std::filesystem;

namespace {

class ImGuiIni : public test::ScratchDirTest {
 protected:
  ImGuiContextOwner context_ = create_imgui_context();
};

const char* kLayout = "[Window][Inspector]\nPos=10,20\nSize=300,200\nCollapsed=0\n\n";

}  // namespace

TEST_F(ImGuiIni, TheLayoutReadAtStartIsTheLayoutSaved) {
  write("imgui.ini", kLayout);
  ImGuiIniFile layout(path("imgui.ini"));
  fs::remove(path("imgui.ini"));
  layout.save();
  const std::string saved = read("imgui.ini");
  EXPECT_NE(saved.find("[Window][Inspector]\nPos=10,20\nSize=300,200"), std::string::npos) << saved;
}

TEST_F(ImGuiIni, ASaveReplacesAPlantedSymlinkAndLeavesItsTargetAlone) {
  write("victim", "precious");
  fs::create_symlink(path("victim"), path("imgui.ini"));
  ImGuiIniFile layout(path("imgui.ini"));  // a symlink is not a regular file: nothing is loaded
  layout.save();
  EXPECT_EQ(read("victim"), "precious");
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(path("imgui.ini"))));
}

TEST_F(ImGuiIni, SavesOnlyWhenImGuiMarksTheLayoutChanged) {
  ImGuiIniFile layout(path("imgui.ini"));
  layout.save_if_changed();
  EXPECT_FALSE(fs::exists(path("imgui.ini")));
  ImGui::GetIO().WantSaveIniSettings = true;
  layout.save_if_changed();
  EXPECT_TRUE(fs::exists(path("imgui.ini")));
  EXPECT_FALSE(ImGui::GetIO().WantSaveIniSettings);
}

TEST_F(ImGuiIni, AFolderThatCannotBeWrittenCostsOneLineAndNoException) {
  ImGuiIniFile layout(path("missing/imgui.ini"));
  testing::internal::CaptureStderr();
  EXPECT_NO_THROW(layout.save());
  EXPECT_NE(testing::internal::GetCapturedStderr().find("not saved"), std::string::npos);
}
