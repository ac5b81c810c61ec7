#include "app/ui/style.hpp"

#include <imgui.h>

#include <fstream>

namespace tilescope {

float presentation_font_px(float display_height) {
  return display_height > 0 && display_height < 900 ? kPresentationShortPx : kPresentationPx;
}

Fonts load_fonts() {
  ImGuiIO& io = ImGui::GetIO();
  const char* path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  Fonts f;
  if (std::ifstream(path).good()) {
    // Rasterised at the size they are drawn and snapped to whole pixels, so the atlas can be
    // sampled nearest (imgui_opengl3_new_frame): ImGui's default 3x horizontal oversampling would
    // need bilinear filtering.
    ImFontConfig config;
    config.OversampleH = config.OversampleV = 1;
    config.PixelSnapH = true;
    f.normal = io.Fonts->AddFontFromFileTTF(path, kNormalPx, &config);
    f.large = io.Fonts->AddFontFromFileTTF(path, kPresentationPx, &config);
    f.medium = io.Fonts->AddFontFromFileTTF(path, kPresentationShortPx, &config);
  }
  if (!f.normal) {
    // ImGui's built-in font is a 13-pixel bitmap font: drawn at whole multiples of 13 with no
    // oversampling and snapped to pixels it stays sharp, where any other size would blur it.
    ImFontConfig bitmap;
    bitmap.OversampleH = bitmap.OversampleV = 1;
    bitmap.PixelSnapH = true;
    bitmap.SizePixels = 13.0f;
    f.normal = io.Fonts->AddFontDefault(&bitmap);
    bitmap.SizePixels = 26.0f;
    f.large = f.medium = io.Fonts->AddFontDefault(&bitmap);
  }
  return f;
}

void apply_style(bool presentation, const Fonts& fonts, float display_height) {
  ImGuiIO& io = ImGui::GetIO();
  const bool short_window = presentation_font_px(display_height) < kPresentationPx;
  io.FontDefault = !presentation ? fonts.normal : short_window ? fonts.medium : fonts.large;
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 0;
  style.FrameRounding = 3;
  if (presentation) {
    style.ScaleAllSizes(1.4f * presentation_font_px(display_height) / kPresentationPx);
    style.Colors[ImGuiCol_Text] = {1, 1, 1, 1};
    style.Colors[ImGuiCol_TextDisabled] = {0.78f, 0.78f, 0.78f, 1};
    style.Colors[ImGuiCol_WindowBg] = {0, 0, 0, 1};
    style.Colors[ImGuiCol_Header] = {0.0f, 0.45f, 0.70f, 1};
  }
}

}  // namespace tilescope
