#pragma once
// A fixture holding an ImGui context of a 1600 x 900 display with its font atlas built, so that tests
// can lay out windows and measure text without a window or GL.
#include <gtest/gtest.h>
#include <imgui.h>

namespace tilescope::test {

class ImGuiContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {1600, 900};
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  void TearDown() override { ImGui::DestroyContext(); }
};

}  // namespace tilescope::test
