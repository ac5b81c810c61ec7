// The inspector keeps the view's top-right corner and stays clear of the HUD in the top-left one:
// when, as wide as it was drawn, it would reach over the HUD, the view's windows start below it. While
// the pointer is under its place it moves to the top-left corner, below the HUD, and stays there
// while the pointer is on it.
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

#include "app/ui/inspector.hpp"
#include "tests/common/imgui_context_test.hpp"

using namespace tilescope;

namespace {

class Inspector : public test::ImGuiContextTest {
 protected:
  // One frame that draws the inspector at the view's top-right corner with a line of `chars` characters
  // (or no inspector at all), then returns windows_area(view, hud) as the next frame sees it.
  Rect next_frame_area(int chars, const Rect& hud) {
    for (int frame = 0; frame < 2; ++frame) {  // an auto-resized window settles on its second frame
      ImGui::NewFrame();
      if (chars > 0) {
        begin_inspector(view);
        ImGui::TextUnformatted(std::string(std::size_t(chars), 'm').c_str());  // one word: no wrapping
        end_inspector();
      }
      ImGui::EndFrame();
    }
    ImGui::NewFrame();
    const Rect area = windows_area(view, hud);
    ImGui::EndFrame();
    return area;
  }

  // Two frames with the pointer at `pointer` and a HUD window in the view's top-left corner (the
  // frame the inspector appears on, hidden, and the first that shows it), then the inspector's window
  // (`lines` lines; the view keeps `bottom_left` pixels at its bottom-left corner) as the last one
  // placed it.
  Rect inspector_with_pointer(ImVec2 pointer, const Rect& in, int lines = 10, float bottom_left = 0) {
    ImGui::GetIO().MousePos = pointer;
    Rect placed;
    for (int frame = 0; frame < 2; ++frame) {
      ImGui::NewFrame();
      ImGui::SetNextWindowPos({in.x + 5, in.y + 5});
      ImGui::SetNextWindowSize({300, 120});
      ImGui::Begin("##hud0", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs);
      ImGui::End();
      begin_inspector(in, bottom_left);
      for (int i = 0; i < lines; ++i) ImGui::TextUnformatted("a line of the inspector");
      placed = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowWidth(), ImGui::GetWindowHeight()};
      end_inspector();
      ImGui::EndFrame();
    }
    return placed;
  }

  const Rect view{400, 0, 1200, 900};
};

}  // namespace

TEST_F(Inspector, ANarrowInspectorKeepsTheCornerBesideTheHud) {
  const Rect hud{410, 10, 1000, 120};
  const Rect area = next_frame_area(10, hud);  // ten characters: far narrower than inspector_width()
  EXPECT_EQ(area.y, view.y);
  EXPECT_EQ(area.h, view.h);
}

TEST_F(Inspector, AWideInspectorStartsBelowTheHud) {
  const Rect hud{410, 10, 1000, 120};  // its right edge is within inspector_width() of the view's
  const Rect area = next_frame_area(200, hud);
  EXPECT_GT(area.y + kWindowInset, hud.y + hud.h);  // the inspector's top edge is below the HUD's bottom
  EXPECT_EQ(area.y + area.h, view.y + view.h);      // the legend keeps the bottom-right corner
  EXPECT_EQ(area.x, view.x);
  EXPECT_EQ(area.w, view.w);
}

TEST_F(Inspector, LongLinesWrapSoAViewCanKeepRoomForIt) {
  std::string words;
  for (int i = 0; i < 80; ++i) words += "word ";
  for (int frame = 0; frame < 2; ++frame) {
    ImGui::NewFrame();
    begin_inspector(Rect{0, 0, 1600, 900});
    ImGui::TextUnformatted(words.c_str());
    if (frame == 1) {
      EXPECT_LE(ImGui::GetWindowWidth(), inspector_width() + 1);
      EXPECT_GT(ImGui::GetWindowHeight(), 5 * ImGui::GetTextLineHeight());  // 400 characters in several lines
    }
    end_inspector();
    ImGui::EndFrame();
  }
}

TEST_F(Inspector, WithoutAHudTheViewIsUnchanged) { EXPECT_EQ(next_frame_area(200, Rect{}).y, view.y); }

// An inspector not drawn last frame is taken as wide as it may grow: a view that left it out for want
// of room gets the same area the next frame (it does not come back on alternate frames).
TEST_F(Inspector, AnInspectorNotDrawnIsTakenAsWideAsItMayGrow) {
  const Rect hud{410, 10, 1000, 120};  // its right edge is within inspector_width() of the view's
  EXPECT_GT(next_frame_area(0, hud).y + kWindowInset, hud.y + hud.h);
  const Rect narrow_hud{410, 10, 100, 120};  // far from any inspector's left edge
  EXPECT_EQ(next_frame_area(0, narrow_hud).y, view.y);
}

TEST_F(Inspector, ATallInspectorEndsAboveTheLegendAndTheLegendWrapsToTheView) {
  // The views draw the legend first, in the bottom-right corner, then the inspector in the top-right
  // one: a long inspector stops above the legend (and scrolls) instead of covering it.
  std::string lines, words;
  for (int i = 0; i < 60; ++i) lines += "line " + std::to_string(i) + "\n";
  for (int i = 0; i < 40; ++i) words += "word ";
  const float right = view.x + view.w - kWindowInset, bottom = view.y + view.h - kWindowInset, width = 300;
  for (int frame = 0; frame < 3; ++frame) {
    ImGui::NewFrame();
    begin_legend(right, bottom, width);
    for (int i = 0; i < 2; ++i) ImGui::TextUnformatted(words.c_str());  // 2 paragraphs of 200 characters
    const float legend_top = ImGui::GetWindowPos().y, legend_width = ImGui::GetWindowWidth();
    end_legend();
    begin_inspector(view);
    ImGui::TextUnformatted(lines.c_str());
    const float inspector_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
    end_inspector();
    ImGui::EndFrame();
    if (frame == 2) {
      EXPECT_LE(legend_width, width + 1);
      EXPECT_GT(legend_top, view.y + view.h / 2);  // the legend leaves the inspector more than half the view
      EXPECT_LE(inspector_bottom, legend_top);
    }
  }
}

TEST_F(Inspector, ItMovesToTheLeftBelowTheHudWhileThePointerIsUnderItsPlaceOrOnIt) {
  const float right = view.x + view.w - kWindowInset;
  // Already on the first frame that shows it (its size then comes from the hidden frame before).
  const Rect under = inspector_with_pointer({right - 20, view.y + 150}, view);
  EXPECT_FLOAT_EQ(under.x, view.x + kWindowInset);  // the top-left corner...
  EXPECT_GE(under.y, view.y + 5 + 120);             // ...below the HUD
  EXPECT_FALSE(under.contains({right - 20, view.y + 150}));
  const Rect on_it = inspector_with_pointer({under.x + 20, under.y + 20}, view);
  EXPECT_FLOAT_EQ(on_it.x, under.x);  // the pointer may follow it there, to scroll it
  const Rect away = inspector_with_pointer({view.x + 200, view.y + 600}, view);
  EXPECT_FLOAT_EQ(away.x + away.w, right);  // back in the top-right corner
  EXPECT_FLOAT_EQ(away.y, view.y + kWindowInset);
}

TEST_F(Inspector, AViewTooNarrowForTwoColumnsKeepsItAtTheRight) {
  const Rect narrow{view.x, view.y, inspector_width() * 1.5f, view.h};
  const float right = narrow.x + narrow.w - kWindowInset;
  const Rect placed = inspector_with_pointer({right - 20, narrow.y + 40}, narrow);
  EXPECT_FLOAT_EQ(placed.x + placed.w, right);
}

TEST_F(Inspector, AtTheLeftATallInspectorEndsAboveWhatTheViewKeepsAtItsBottomLeftCorner) {
  // stencil3d keeps its colour bar there: flipped to the left, a long inspector scrolls above it.
  const float right = view.x + view.w - kWindowInset, kept = 120;
  const Rect left = inspector_with_pointer({right - 20, view.y + 150}, view, 60, kept);
  ASSERT_FLOAT_EQ(left.x, view.x + kWindowInset);
  EXPECT_LE(left.y + left.h, view.y + view.h - kept);
  // At the right the corner is not in its way: it grows as tall as before.
  const Rect at_right = inspector_with_pointer({view.x + 700, view.y + 600}, view, 60, kept);
  ASSERT_FLOAT_EQ(at_right.x + at_right.w, right);
  EXPECT_GT(at_right.y + at_right.h, view.y + view.h - kept);
}
