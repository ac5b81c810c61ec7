// Drawing at any zoom. Hatching costs what the window shows: a band millions of pixels wide (a deep
// zoom on a long signal) adds the lines of the clip rectangle only. A screen point maps to a cell
// without converting a float outside int's range.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cfloat>
#include <cmath>

#include "app/view/cell_draw.hpp"

using namespace tilescope;

namespace {

class Hatch : public ::testing::Test {
 protected:
  void SetUp() override { ImGui::CreateContext(); }
  void TearDown() override { ImGui::DestroyContext(); }
  // The lines hatch_screen adds for a..b inside a 100 x 50 clip rectangle.
  int lines(ImVec2 a, ImVec2 b) {
    ImDrawList dl(ImGui::GetDrawListSharedData());
    dl._ResetForNewFrame();
    dl.PushClipRect({0, 0}, {100, 50});
    hatch_screen(&dl, a, b, IM_COL32_WHITE, 1.0f);
    return dl.VtxBuffer.Size / 4;  // a line is one quad
  }
};

}  // namespace

TEST_F(Hatch, ABandFarWiderThanTheClipAddsOnlyTheVisibleLines) {
  const int visible = lines({0, 0}, {100, 50});
  EXPECT_GT(visible, 0);
  EXPECT_LE(visible, (100 + 50) / 9 + 2);  // lines 9 px apart crossing a 100 x 50 box
  EXPECT_EQ(lines({-1e9f, -1e9f}, {1e9f, 1e9f}), visible);
}

TEST_F(Hatch, NothingOutsideTheClipOrForNotANumber) {
  EXPECT_EQ(lines({200, 0}, {300, 50}), 0);
  EXPECT_EQ(lines({0, 0}, {0, 50}), 0);
  EXPECT_EQ(lines({NAN, 0}, {100, 50}), 0);
}

TEST(CellOf, IsTheFloorInsideAndOneStepOutsideEvenForAnAbsentMouse) {
  EXPECT_EQ(cell_of(0.0f, 10), 0);
  EXPECT_EQ(cell_of(3.7f, 10), 3);
  EXPECT_EQ(cell_of(9.99f, 10), 9);
  EXPECT_EQ(cell_of(-0.25f, 10), -1);  // the floor would be -1 too
  EXPECT_EQ(cell_of(10.0f, 10), 10);
  EXPECT_EQ(cell_of(-FLT_MAX, 10), -1);  // ImGui's mouse position when there is no mouse
  EXPECT_EQ(cell_of(FLT_MAX, 10), 10);
  EXPECT_EQ(cell_of(NAN, 10), -1);
}
