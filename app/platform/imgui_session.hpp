#pragma once
// Dear ImGui's context and backends, each owned by a move-only RAII object, so an exception
// anywhere (a throwing init, the frame loop) still shuts them down in the reverse order of
// their creation (Dear ImGui's examples: context, platform, renderer; shut down renderer,
// platform, context). Declare them in that order and C++ does the rest.
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace tilescope {

// The ImGui context: created current, destroyed last.
class ImGuiContextOwner {
 public:
  explicit ImGuiContextOwner(const char* ini_path) {
    IMGUI_CHECKVERSION();
    context_ = ImGui::CreateContext();
    ImGui::GetIO().IniFilename = ini_path;
  }
  ~ImGuiContextOwner() {
    if (context_) ImGui::DestroyContext(context_);
  }
  ImGuiContextOwner(ImGuiContextOwner&& o) noexcept : context_(std::exchange(o.context_, nullptr)) {}
  ImGuiContextOwner& operator=(ImGuiContextOwner&& o) noexcept {
    std::swap(context_, o.context_);
    return *this;
  }
  ImGuiContextOwner(const ImGuiContextOwner&) = delete;
  ImGuiContextOwner& operator=(const ImGuiContextOwner&) = delete;

 private:
  ImGuiContext* context_ = nullptr;
};

// One backend (platform or renderer): takes the result of its Init call and its Shutdown
// function; throws `what` when Init failed (nothing to shut down then).
//   ImGuiBackend platform(ImGui_ImplGlfw_InitForOpenGL(window, true), ImGui_ImplGlfw_Shutdown, "...");
class ImGuiBackend {
 public:
  ImGuiBackend(bool initialised, void (*shutdown)(), const char* what) {
    if (!initialised) throw std::runtime_error(what);
    shutdown_ = shutdown;
  }
  ~ImGuiBackend() {
    if (shutdown_) shutdown_();
  }
  ImGuiBackend(ImGuiBackend&& o) noexcept : shutdown_(std::exchange(o.shutdown_, nullptr)) {}
  ImGuiBackend& operator=(ImGuiBackend&& o) noexcept {
    std::swap(shutdown_, o.shutdown_);
    return *this;
  }
  ImGuiBackend(const ImGuiBackend&) = delete;
  ImGuiBackend& operator=(const ImGuiBackend&) = delete;

 private:
  void (*shutdown_)() = nullptr;
};

// The OpenGL 3 renderer on the current GL 3.3 core context.
inline ImGuiBackend imgui_opengl3_renderer() {
  return ImGuiBackend(ImGui_ImplOpenGL3_Init("#version 330 core"), ImGui_ImplOpenGL3_Shutdown,
                      "Dear ImGui cannot use this OpenGL context (3.3 core needed)");
}

// Headless: the context and the OpenGL 3 renderer, no platform backend (the caller sets
// io.DisplaySize and io.DeltaTime).
struct ImGuiSession {
  explicit ImGuiSession(const char* ini_path) : context(ini_path), renderer(imgui_opengl3_renderer()) {}
  ImGuiContextOwner context;
  ImGuiBackend renderer;
};

}  // namespace tilescope
