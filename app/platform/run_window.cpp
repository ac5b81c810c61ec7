// The desktop window: GLFW + OpenGL 3.3 core, the canonical Dear ImGui frame loop.
#include "app/gl/gl.hpp"  // GLAD before GLFW, which must not pull in the system GL header
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "app/gl/debug.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/imgui_ini.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/platform/run.hpp"
#include "app/platform/window_recording.hpp"
#include "app/shell/app.hpp"
#include "app/shell/settings.hpp"

namespace tilescope {
namespace {

std::string glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
}

// GLFW itself: glfwInit in the constructor, glfwTerminate on destruction.
class GlfwLibrary {
 public:
  GlfwLibrary() {
    if (!glfwInit()) throw std::runtime_error("cannot open a window (is there a display?): " + glfw_error());
    owned_ = true;
  }
  ~GlfwLibrary() {
    if (owned_) glfwTerminate();
  }
  GlfwLibrary(GlfwLibrary&& o) noexcept : owned_(std::exchange(o.owned_, false)) {}
  GlfwLibrary& operator=(GlfwLibrary&&) = delete;  // one GLFW per process
  GlfwLibrary(const GlfwLibrary&) = delete;
  GlfwLibrary& operator=(const GlfwLibrary&) = delete;

 private:
  bool owned_ = false;
};

struct DestroyWindow {
  void operator()(GLFWwindow* w) const { glfwDestroyWindow(w); }
};

// Owns GLFW, the window and its context, in that order: members are destroyed in reverse, also
// when the constructor throws part-way (no window, no GL functions).
class Window {
 public:
  Window(int w, int h) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, gl::debug_requested() ? GLFW_TRUE : GLFW_FALSE);
    window_.reset(glfwCreateWindow(w, h, "tilescope", nullptr, nullptr));
    if (!window_)
      throw std::runtime_error("this display offers no OpenGL 3.3 core context (" + glfw_error() +
                               "); use `tilescope shot` to render headless");
    glfwMakeContextCurrent(window_.get());
    glfwSwapInterval(1);
    if (!gladLoadGL(glfwGetProcAddress)) throw std::runtime_error("cannot load the OpenGL 3.3 functions");
    gl::install_debug_output();
  }
  GLFWwindow* get() const { return window_.get(); }

 private:
  GlfwLibrary glfw_;
  std::unique_ptr<GLFWwindow, DestroyWindow> window_;
};

// In the sidebar's status line and on stdout.
void say(App& app, const std::string& message) {
  app.stats().status = message;
  std::cout << "tilescope: " << message << "\n";
}

// The record button: starts or stops a recording when asked, and adds this frame while one runs.
void record(App& app, std::optional<WindowRecording>& recording, GLFWwindow* window, double now) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  UiState& s = app.state();
  std::string stop;
  if (std::exchange(s.record_toggle_requested, false)) {
    if (recording) {
      stop = "stopped";
    } else {
      try {
        const std::string path = screenshot_name(".gif");
        recording.emplace(path, w, h, now);
        say(app, "recording " + path + " (g stops it)");
      } catch (const std::exception& e) {
        say(app, e.what());
      }
    }
  }
  try {
    if (recording && stop.empty()) stop = recording->frame(now, w, h);
    if (recording && !stop.empty()) {
      say(app, recording->finish() + (stop == "stopped" ? "" : "; " + stop));
      recording.reset();
    }
  } catch (const std::exception& e) {  // a full disk, an encoder failure: the partial file goes, the app stays
    say(app, std::string("recording failed: ") + e.what());
    recording.reset();
  }
  s.recording = recording.has_value();
}

}  // namespace

int run_window(UiState state, int max_frames, std::vector<std::string> tour, UiState first_scene) {
  try {
    const std::string dir = config_dir();
    const std::string ini = dir.empty() ? "" : dir + "/imgui.ini", settings = dir.empty() ? "" : dir + "/settings.json";
    if (!settings.empty()) load_settings(state, settings);
    // Declared before the window that points at it, so it outlives the window's callbacks.
    std::vector<std::string> dropped;
    Window window(1600, 900);
    // Dear ImGui's order (example_glfw_opengl3): context, platform, renderer; shut down in reverse
    // by the destructors, after the App's GL objects and before the window, also on an exception.
    const bool ini_ok = !ini.empty() && sanitize_imgui_ini(ini);  // a broken imgui.ini crashes ImGui 1.86
    ImGuiContextOwner imgui = create_imgui_context();
    ImGuiIniFile layout(ini_ok ? ini : "");
    ImGuiBackend platform = imgui_backend(ImGui_ImplGlfw_InitForOpenGL(window.get(), true), ImGui_ImplGlfw_Shutdown,
                                          "Dear ImGui cannot use this GLFW window");
    ImGuiBackend renderer = imgui_opengl3_renderer();
    // Dropped files queue on the window (ImGui's GLFW backend leaves its user pointer free).
    glfwSetWindowUserPointer(window.get(), &dropped);
    glfwSetDropCallback(window.get(), [](GLFWwindow* w, int count, const char** paths) {
      auto* queue = static_cast<std::vector<std::string>*>(glfwGetWindowUserPointer(w));
      for (int i = 0; i < count; ++i) queue->push_back(paths[i]);
    });
    App app(std::move(state));
    std::optional<WindowRecording> recording;
    app.open_tour(std::move(tour), std::move(first_scene));
    double last = glfwGetTime();
    for (int frame = 0; !glfwWindowShouldClose(window.get()) && (max_frames <= 0 || frame < max_frames); ++frame) {
      glfwPollEvents();
      if (glfwGetWindowAttrib(window.get(), GLFW_ICONIFIED)) {  // minimised: nothing to show, sleep
        glfwWaitEventsTimeout(0.1);
        continue;
      }
      for (const std::string& path : dropped) app.load_file(path);
      dropped.clear();
      app.prepare_frame();
      imgui_opengl3_new_frame();
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();
      const double now = glfwGetTime();
      const ImGuiIO& io = ImGui::GetIO();
      app.frame(io.DisplaySize.x, io.DisplaySize.y, io.DisplayFramebufferScale.x, now - last);
      last = now;
      ImGui::Render();
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      if (app.state().screenshot_requested) {
        app.state().screenshot_requested = false;
        int w = 0, h = 0;
        glfwGetFramebufferSize(window.get(), &w, &h);
        const std::string path = screenshot_name();
        save_framebuffer_png(path, w, h);
        say(app, "screenshot saved to " + path);
      }
      record(app, recording, window.get(), now);
      glfwSwapBuffers(window.get());
      layout.save_if_changed();
    }
    if (recording) {
      app.state().record_toggle_requested = true;
      record(app, recording, window.get(), glfwGetTime());
    }
    layout.save();
    if (!settings.empty()) save_settings(app.state(), settings);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 1;
  } catch (...) {
    std::cerr << "tilescope: the window stopped on an unknown error\n";
    return 1;
  }
}

}  // namespace tilescope
