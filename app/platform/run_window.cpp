// The desktop window: GLFW + OpenGL 3.3 core, the canonical Dear ImGui frame loop.
#include "app/gl/gl.hpp"  // GLAD before GLFW, which must not pull in the system GL header
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <iostream>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/platform/framebuffer_png.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/platform/run.hpp"
#include "app/ui/settings.hpp"

namespace tilescope {
namespace {

std::string glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
}

// Owns GLFW, the window and its context, in that order.
class Window {
 public:
  Window(int w, int h) {
    if (!glfwInit()) throw std::runtime_error("cannot open a window (is there a display?): " + glfw_error());
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(w, h, "tilescope", nullptr, nullptr);
    if (!window_) {
      const std::string why = glfw_error();
      glfwTerminate();
      throw std::runtime_error("this display offers no OpenGL 3.3 core context (" + why +
                               "); use `tilescope shot` to render headless");
    }
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(1);
    if (!gladLoadGL(glfwGetProcAddress)) throw std::runtime_error("cannot load the OpenGL 3.3 functions");
  }
  ~Window() {
    glfwDestroyWindow(window_);
    glfwTerminate();
  }
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  GLFWwindow* get() const { return window_; }

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace

int run_window(UiState state, int max_frames) {
  try {
    const std::string dir = config_dir();
    const std::string ini = dir.empty() ? "" : dir + "/imgui.ini", settings = dir.empty() ? "" : dir + "/settings.json";
    if (!settings.empty()) load_settings(state, settings);
    Window window(1600, 900);
    const bool ini_ok = !ini.empty() && sanitize_imgui_ini(ini);  // a broken imgui.ini crashes ImGui 1.86
    ImGuiSession imgui(ini_ok ? ini.c_str() : nullptr);
    ImGui_ImplGlfw_InitForOpenGL(window.get(), true);
    // Dropped files queue on the window (ImGui's GLFW backend leaves its user pointer free).
    std::vector<std::string> dropped;
    glfwSetWindowUserPointer(window.get(), &dropped);
    glfwSetDropCallback(window.get(), [](GLFWwindow* w, int count, const char** paths) {
      auto* queue = static_cast<std::vector<std::string>*>(glfwGetWindowUserPointer(w));
      for (int i = 0; i < count; ++i) queue->push_back(paths[i]);
    });
    App app(std::move(state));
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
      ImGui_ImplOpenGL3_NewFrame();
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
        app.stats().status = "screenshot saved to " + path;
        std::cout << "tilescope: screenshot saved to " << path << "\n";
      }
      glfwSwapBuffers(window.get());
    }
    if (!settings.empty()) save_settings(app.state(), settings);
    glfwSetDropCallback(window.get(), nullptr);
    ImGui_ImplGlfw_Shutdown();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace tilescope
