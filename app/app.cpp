#include "app/app.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/conv1d/view.hpp"
#include "app/conv2d/view.hpp"
#include "app/matmul/view.hpp"
#include "app/stencil3d/view.hpp"
#include "app/ui/style.hpp"

namespace tilescope {

Layout layout_for(float width, float height, bool presentation) {
  const float sidebar = std::min(width * 0.45f, presentation ? 600.0f : 430.0f);
  return {{0, 0, sidebar, height}, {sidebar, 0, width - sidebar, height}};
}

App::App(UiState state) : state_(std::move(state)) {
  const Fonts fonts = load_fonts();
  font_normal_ = fonts.normal;
  font_large_ = fonts.large;
}

void App::prepare_frame() { apply_style(state_.presentation, font_normal_, font_large_); }

PatternView* App::view_for(Pattern pattern) {
  auto& view = views_[int(pattern)];
  if (!view) {
    switch (pattern) {
      case Pattern::conv2d: view = std::make_unique<Conv2dView>(state_); break;
      case Pattern::stencil3d: view = std::make_unique<Stencil3dView>(state_); break;
      case Pattern::conv1d: view = std::make_unique<Conv1dView>(state_); break;
      case Pattern::matmul: view = std::make_unique<MatmulView>(state_); break;
    }
  }
  return view.get();
}

void App::load_file(const std::string& path) {
  state_.pattern = Pattern::conv2d;
  view().load_file(path);
}

void App::frame(float display_w, float display_h, float fb_scale, double dt) {
  const Layout layout = layout_for(display_w, display_h, state_.presentation);
  PatternView& current = view();
  current.frame(layout.view, display_w, display_h, fb_scale, dt);
  gpu_power_.update(current.backend(), current.stats());
  draw_sidebar(layout);
  current.windows(layout.view);
  if (state_.overlays.hud) draw_hud(layout.view, current.hud_below(), current.hud());
}

void App::draw_sidebar(const Layout& layout) {
  ImGui::SetNextWindowPos({layout.sidebar.x, layout.sidebar.y}, ImGuiCond_Always);
  ImGui::SetNextWindowSize({layout.sidebar.w, layout.sidebar.h}, ImGuiCond_Always);
  ImGui::Begin(
      "tilescope", nullptr,
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_MenuBar);
  PatternView& current = view();
  if (ImGui::BeginMenuBar()) {
    if (ImGui::BeginMenu("View")) {
      ImGui::MenuItem("Presentation mode", "F", &state_.presentation);
      if (ImGui::MenuItem("Fit", "double-click")) current.fit();
      if (ImGui::MenuItem("Screenshot", "S")) state_.screenshot_requested = true;
      ImGui::MenuItem("Legend", nullptr, &state_.overlays.legend);
      ImGui::MenuItem("HUD: the launch's numbers", "H", &state_.overlays.hud);
      ImGui::EndMenu();
    }
    ImGui::EndMenuBar();
  }
  int pattern = int(state_.pattern);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##pattern", &pattern, pattern_labels(), kPatternCount)) state_.pattern = Pattern(pattern);
  current.sidebar();
  if (!current.stats().status.empty()) ImGui::TextWrapped("%s", current.stats().status.c_str());
  ImGui::End();
}

}  // namespace tilescope
