#pragma once
// Fonts (DejaVu Sans from fonts-dejavu-core, ImGui's built-in font if it is missing) and the
// two looks: normal, and presentation mode (larger type, thicker lines, higher contrast).
struct ImFont;

namespace tilescope {

struct Fonts {
  ImFont* normal = nullptr;
  ImFont* large = nullptr;   // presentation type, kPresentationPx
  ImFont* medium = nullptr;  // presentation type on a short window, kPresentationShortPx
};

inline constexpr float kNormalPx = 17, kPresentationPx = 27, kPresentationShortPx = 22;
// Presentation type for a window `display_height` pixels tall (0 or less: not known yet): 27 px
// reads from the back of a room on a 1080p projector; below 900 px (720p, 768p, 800p) it left the
// inspector 3 lines between the HUD and the legend, so it drops to 22 px, still 1/33 of 720.
float presentation_font_px(float display_height);

Fonts load_fonts();
// Fonts and style for this frame (before NewFrame); display_height: the window's height in pixels.
void apply_style(bool presentation, const Fonts& fonts, float display_height);

}  // namespace tilescope
