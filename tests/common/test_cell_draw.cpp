// Drawing at any zoom. Hatching costs what the window shows: a band millions of pixels wide (a deep
// zoom on a long signal) adds the lines of the clip rectangle only. A screen point maps to a cell
// without converting a float outside int's range.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "app/view/cell_draw.hpp"
#include "app/view/step_draw.hpp"
#include "tests/common/imgui_context_test.hpp"

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

namespace {

// The step caption's place, in ImGui's built-in font.
class StepCaption : public test::ImGuiContextTest {
 protected:
  void SetUp() override {
    ImGuiContextTest::SetUp();
    ImGui::NewFrame();
  }
  void TearDown() override {
    ImGui::EndFrame();
    ImGuiContextTest::TearDown();
  }
  const Rect view{100, 0, 1000, 600};
  const std::string text = std::string(60, 'x') + " " + std::string(60, 'y') + " " + std::string(60, 'z');
};

}  // namespace

TEST_F(StepCaption, SitsAtTheBottomLeftWrappedAtMoreThanHalfTheView) {
  const StepCaptionPlace p = step_caption_place(view, text, 50, ScreenBox{});
  EXPECT_EQ(p.wrap, 550);
  EXPECT_EQ(p.box.a.x, view.x + kCaptionPad);
  EXPECT_EQ(p.box.b.y, view.y + view.h - 50 - 2 * kCaptionPad);
  EXPECT_LE(p.box.b.x - p.box.a.x, p.wrap + 2 * kCaptionPad);
}

TEST_F(StepCaption, WrapsAcrossTheViewWhereThatClearsTheBlock) {
  const StepCaptionPlace narrow = step_caption_place(view, text, 0, ScreenBox{});
  // A block reaching half a line into the narrow caption (three lines; across the view, two).
  const ScreenBox block{{300, 100}, {700, narrow.box.a.y + ImGui::GetTextLineHeight() / 2}};
  ASSERT_TRUE(overlaps(narrow.box, block));
  const StepCaptionPlace moved = step_caption_place(view, text, 0, block);
  EXPECT_GT(moved.wrap, narrow.wrap);
  EXPECT_FALSE(overlaps(moved.box, block));
  EXPECT_GT(moved.box.a.y, narrow.box.a.y);  // fewer lines
  // A block down to the view's bottom: no wrap clears it, so the caption stays as it was.
  const ScreenBox tall{{300, 100}, {700, 600}};
  EXPECT_EQ(step_caption_place(view, text, 0, tall).wrap, narrow.wrap);
}

TEST(ScreenBoxes, OverlapMeansAPixelInCommon) {
  const ScreenBox a{{0, 0}, {10, 10}};
  EXPECT_TRUE(overlaps(a, {{9, 9}, {20, 20}}));
  EXPECT_TRUE(overlaps(a, {{2, 2}, {3, 3}}));      // inside
  EXPECT_FALSE(overlaps(a, {{10, 0}, {20, 10}}));  // edge to edge
  EXPECT_FALSE(overlaps(a, ScreenBox{}));          // empty
  EXPECT_TRUE(united(a, ScreenBox{}).b.x == 10 && clipped(a, Rect{5, 5, 100, 100}).a.x == 5);
  EXPECT_TRUE(clipped(a, Rect{20, 20, 5, 5}).empty());
}
