// Presentation type: large enough to read from the back of a room, small enough that a short
// projector (720p) still fits the sidebar, the inspector and the legend.
#include <gtest/gtest.h>
#include <imgui.h>

#include "app/ui/style.hpp"

using namespace tilescope;

TEST(Style, PresentationTypeIsLargerThanNormalAndAtMostAThirtiethOfTheWindow) {
  float last = 0;
  for (float height : {720.0f, 768.0f, 800.0f, 900.0f, 1080.0f, 1200.0f, 1440.0f}) {
    const float px = presentation_font_px(height);
    EXPECT_GE(px, kNormalPx + 4) << height;  // visibly larger than the desk's type
    EXPECT_LE(px, height / 30) << height;
    EXPECT_GE(px, last) << height;  // a taller window never gets smaller type
    last = px;
  }
  EXPECT_EQ(presentation_font_px(1080), kPresentationPx);
  EXPECT_EQ(presentation_font_px(0), kPresentationPx);  // before the first frame: the full size
}

TEST(Style, EachFrameDrawsWithTheTypeItsWindowHeightAsks) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  const Fonts fonts = load_fonts();
  io.Fonts->Build();
  io.DisplaySize = {1280, 720};
  const auto font_px = [&](bool presentation, float height) {
    apply_style(presentation, fonts, height);
    ImGui::NewFrame();
    const float px = ImGui::GetFontSize();
    ImGui::EndFrame();
    return px;
  };
  const float normal = font_px(false, 720), short_window = font_px(true, 720), tall = font_px(true, 1080);
  EXPECT_LT(normal, short_window);
  EXPECT_LE(short_window, tall);
  if (fonts.medium != fonts.large) {  // DejaVu Sans (else ImGui's bitmap font, one presentation size)
    EXPECT_EQ(normal, kNormalPx);
    EXPECT_EQ(short_window, kPresentationShortPx);
    EXPECT_EQ(tall, kPresentationPx);
  }
  ImGui::DestroyContext();
}
