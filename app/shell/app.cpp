#include "app/shell/app.hpp"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "app/shell/compare.hpp"
#include "app/shell/frame_work.hpp"
#include "app/shell/settings.hpp"
#include "app/shell/views.hpp"
#include "app/ui/caption.hpp"
#include "app/ui/inspector.hpp"
#include "app/ui/style.hpp"
#include "app/ui/widgets.hpp"
#include "kernels/common/cpu_pool.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

Layout layout_for(float width, float height, bool presentation) {
  const float sidebar = std::min(width * 0.45f, presentation ? 600.0f : 430.0f);
  return {{0, 0, sidebar, height}, {sidebar, 0, width - sidebar, height}};
}

App::App(UiState state) : state_(std::move(state)), fonts_(load_fonts()) {}

// ImGui sets DisplaySize in NewFrame: this is the last frame's (the window's size until it changes).
void App::prepare_frame() { apply_style(state_.presentation, fonts_, ImGui::GetIO().DisplaySize.y); }

PatternView* App::view_for(int pattern) {
  auto& view = views_[pattern];
  if (!view) view = make_view(state_, pattern);
  return view.get();
}

void App::load_file(const std::string& path) {
  open_file(state_, path);
  for (PatternView* v : compare_.views(view())) v->load_file(path);  // every compare pane shows it
}

void App::keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureKeyboard)
    for (ImWchar c : io.InputQueueCharacters) apply_key(state_, c);
}

void App::open_tour(std::vector<std::string> files, UiState first, int at) {
  tour_ = Tour{std::move(files), at};
  if (!tour_.files.empty()) show_scene(std::move(first));
}

void App::say(const std::string& message) {
  view().stats().status = message;
  std::cout << "tilescope: " << message << "\n";
}

// The lecturer's room stays as it is (presentation mode, backend, the platform's work budget); the
// rest is the scene's. A
// hovered cell is pinned: in the window the pointer would move it at once.
void App::show_scene(UiState scene) {
  scene.presentation = state_.presentation;
  scene.backend = state_.backend;
  scene.work_budget_ms = state_.work_budget_ms;
  if (!scene.pinned) scene.pinned = scene.hover;
  state_ = std::move(scene);
  const std::string place =
      tour_.files.size() > 1 ? " " + std::to_string(tour_.at + 1) + "/" + std::to_string(tour_.files.size()) : "";
  say("scene" + place + ": " + std::filesystem::path(tour_.files[tour_.at]).filename().string());
}

void App::open_scene(const std::string& path) {
  try {
    show_scene(load_scene(path));
  } catch (const InvalidInput& e) {
    say(e.what());
  }
}

void App::save_scene_file() {
  UiState scene = state_;
  scene.pose = view().pose();
  const std::string config = config_dir();
  const std::string dir = config.empty() ? "." : config + "/scenes";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  try {
    const std::string path = new_scene_path(dir);
    save_scene(scene, path);
    say("scene saved to " + path);
  } catch (const InvalidInput& e) {
    say(e.what());
  }
}

void App::scene_keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureKeyboard) return;
  const int by = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown)) ? 1
                 : ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp)) ? -1
                                                                            : 0;
  if (by != 0 && tour_.step(by)) open_scene(tour_.files[tour_.at]);
  if (io.KeyCtrl && ImGui::IsKeyPressed('S', false)) save_scene_file();  // GLFW's key code for S
}

void App::apply_pose() {
  if (!state_.pose) return;
  ViewPose pose = *state_.pose;
  state_.pose.reset();
  const auto focus = focus_pixel(state_);
  if (!pose.centre && focus) pose.centre = Vec2{focus->x + 0.5f, focus->y + 0.5f};
  for (PatternView* v : compare_.views(view())) v->set_pose(pose);
}

void App::frame(float display_w, float display_h, float fb_scale, double dt) {
  scene_keys();
  keys();
  const Layout layout = layout_for(display_w, display_h, state_.presentation);
  // The caption takes a band at the bottom; the data, its overlays and windows stay above it.
  const Rect band = caption_band(layout.view, state_.overlays.caption ? state_.caption : "");
  const Rect data{layout.view.x, layout.view.y, layout.view.w, layout.view.h - band.h};
  clear_window(display_w, display_h, fb_scale);
  if (compare_.follow(state_)) views_[state_.pattern].reset();  // every pane from the same data
  PatternView& current = view();
  const auto ladder_panel = state_.panels.find("Ladder");
  const bool ladder_open = ladder_panel == state_.panels.end() || ladder_panel->second;
  meter_.measure_next(state_, current, ladder_open);
  ladder_.launch_next(state_, current, ladder_open);
  current.use_meter(meter_);
  if (state_.compare.empty())
    current.frame(data, display_w, display_h, fb_scale, dt);
  else
    compare_.frame(state_, current, data, display_w, display_h, fb_scale, dt);
  apply_pose();
  heavy_.offer(heavy_frame_notice(frame_work(state_), current.backend().name(), cpu_threads(), !state_.paused));
  gpu_power_.update(current.backend(), current.stats());
  draw_sidebar(layout);
  if (!state_.compare.empty()) {
    compare_.windows(state_, current, data);
  } else {
    const Rect hud = state_.overlays.hud ? draw_hud(data, current.hud_below(), current.hud_measured()) : Rect{};
    current.windows(windows_area(data, hud));
  }
  if (band.h > 0) draw_caption(band, state_.caption);
  std::string notice = working();
  if (const std::string* heavy = heavy_.shown()) notice += (notice.empty() ? "" : "\n") + *heavy;
  if (!notice.empty()) draw_notice(data, notice);
  heavy_.tick(dt);
}

std::string App::working() {
  std::string lines;
  for (PatternView* v : compare_.views(view()))
    if (const std::string w = v->working(); !w.empty()) lines += (lines.empty() ? "" : "\n") + w;
  return lines;
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
      if (ImGui::MenuItem(state_.recording ? "Stop recording" : "Record a GIF", "G"))
        state_.record_toggle_requested = true;
      ImGui::MenuItem("Legend", nullptr, &state_.overlays.legend);
      ImGui::MenuItem("Inspector", "I", &state_.overlays.inspector);
      ImGui::MenuItem("HUD: the launch's numbers", "H", &state_.overlays.hud);
      ImGui::MenuItem("Caption of the scene", "N", &state_.overlays.caption);
      if (ImGui::MenuItem("Compare strategies", "C", !state_.compare.empty())) toggle_compare(state_);
      if (ImGui::MenuItem("Save as a scene", "ctrl+S")) save_scene_file();
      if (ImGui::MenuItem("Next scene", "PageDown", false, tour_.at + 1 < int(tour_.files.size())) && tour_.step(1))
        open_scene(tour_.files[tour_.at]);
      if (ImGui::MenuItem("Previous scene", "PageUp", false, tour_.at > 0) && tour_.step(-1))
        open_scene(tour_.files[tour_.at]);
      ImGui::EndMenu();
    }
    ImGui::EndMenuBar();
  }
  ImGui::SetNextItemWidth(-1);
  ImGui::Combo("##pattern", &state_.pattern, pattern_labels(), kPatternCount);
  // An exercise shown goes first (its question beside the view it set up); otherwise the panel is last.
  const bool exercise = !state_.exercises.current.empty();
  if (exercise && panel(state_.panels, "Exercises")) exercises_.panel(state_);
  if (!state_.compare.empty() && panel(state_.panels, "Compare")) compare_.ladder(current);
  current.sidebar();
  if (panel(state_.panels, "Ladder")) ladder_.panel(state_, current, meter_);
  if (!exercise && panel(state_.panels, "Exercises")) exercises_.panel(state_);
  if (!current.stats().status.empty()) ImGui::TextWrapped("%s", current.stats().status.c_str());
  ImGui::End();
}

}  // namespace tilescope
