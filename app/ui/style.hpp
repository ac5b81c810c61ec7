#pragma once
// Fonts (DejaVu Sans from fonts-dejavu-core, ImGui's built-in font if it is missing) and the
// two looks: normal, and presentation mode (larger type, thicker lines, higher contrast).
struct ImFont;

namespace tilescope {

struct Fonts {
  ImFont* normal = nullptr;
  ImFont* large = nullptr;
};

Fonts load_fonts();
void apply_style(bool presentation, ImFont* normal, ImFont* large);

}  // namespace tilescope
