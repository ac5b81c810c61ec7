// The browser: emscripten's GLFW on a WebGL2 canvas, the same frame loop as the desktop window
// (poll -> new frame -> App::frame -> render -> swap), run once per animation frame by
// emscripten_set_main_loop. What differs from the desktop lives here: the canvas follows the page's
// size and devicePixelRatio, files come from the page (drop, the open button), settings and the
// window layout persist in the browser's localStorage, a screenshot is a download, and the URL's
// hash names a scene (index.html#scene=ch7-2d-04-barrier) that starts the tour of assets/scenes.
#include "app/gl/gl.hpp"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/platform/framebuffer_png.hpp"
#include "app/platform/imgui_ini.hpp"
#include "app/platform/imgui_session.hpp"
#include "app/shell/app.hpp"
#include "app/shell/scene.hpp"
#include "app/shell/settings.hpp"
#include "kernels/common/error.hpp"

// The page's side (app/platform/web/library_tilescope.js): localStorage, the download, the picker.
extern "C" {
void tilescope_restore_file(const char* path);  // localStorage -> the file, when stored
void tilescope_store_file(const char* path);    // the file -> localStorage, when changed
void tilescope_download_canvas_png(const char* name);
void tilescope_page_scenes(const char* names);  // one a line
void tilescope_page_frame_done(int frame);
void tilescope_page_failed(const char* what);
}

namespace tilescope {
namespace {

constexpr const char* kScenes = "/assets/scenes";  // the site's data (--preload-file), as in the repository
constexpr double kStoreEvery = 2.0;                // seconds between writes of the settings to localStorage

// The hash's fields: #scene=NAME&hud=0&paused=1&presentation=1.
std::map<std::string, std::string> hash_fields() {
  std::string hash = emscripten_run_script_string("window.location.hash");
  if (!hash.empty() && hash[0] == '#') hash.erase(0, 1);
  std::map<std::string, std::string> fields;
  std::stringstream in(hash);
  for (std::string item; std::getline(in, item, '&');) {
    const auto eq = item.find('=');
    fields[item.substr(0, eq)] = eq == std::string::npos ? "1" : item.substr(eq + 1);
  }
  return fields;
}

struct DestroyWindow {
  void operator()(GLFWwindow* w) const {
    glfwDestroyWindow(w);
    glfwTerminate();
  }
};

// The page's one window and everything a frame uses; it lives as long as the page (the main loop
// never returns to main()). Members are destroyed in reverse, also when the constructor throws.
class Page {
 public:
  Page() {
    const std::string dir = config_dir();  // $HOME/.config/tilescope in memory, mirrored to localStorage
    if (!dir.empty()) {
      ini_ = dir + "/imgui.ini";
      settings_ = dir + "/settings.json";
      tilescope_restore_file(ini_.c_str());
      tilescope_restore_file(settings_.c_str());
    }
    UiState state;
    if (!settings_.empty()) load_settings(state, settings_);
    if (!glfwInit()) throw std::runtime_error("the browser's GLFW did not start");
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    window_.reset(glfwCreateWindow(1280, 720, "tilescope", nullptr, nullptr));
    if (!window_) throw std::runtime_error("this browser gives no WebGL2 context");
    glfwMakeContextCurrent(window_.get());
    const bool ini_ok = !ini_.empty() && sanitize_imgui_ini(ini_);
    imgui_ = create_imgui_context();
    layout_ = std::make_unique<ImGuiIniFile>(ini_ok ? ini_ : "");
    platform_ = imgui_backend(ImGui_ImplGlfw_InitForOpenGL(window_.get(), true), ImGui_ImplGlfw_Shutdown,
                              "Dear ImGui cannot use the browser's GLFW window");
    renderer_ = imgui_opengl3_renderer();
    // A wheel notch is 100 pixels of deltaY in the browser (down positive), one unit up on the desktop.
    glfwSetScrollCallback(window_.get(), [](GLFWwindow* w, double dx, double dy) {
      ImGui_ImplGlfw_ScrollCallback(w, -dx / 100.0, -dy / 100.0);
    });
    // Dropped files (emscripten writes them into its file system first) queue like the page's.
    glfwSetDropCallback(window_.get(), [](GLFWwindow*, int count, const char** paths) {
      for (int i = 0; i < count; ++i) page().open(paths[i]);
    });
    app_ = std::make_unique<App>(std::move(state));
    std::string names;
    try {
      for (const std::string& f : tour_files(kScenes)) names += std::filesystem::path(f).stem().string() + "\n";
    } catch (const InvalidInput& e) {
      std::cerr << "tilescope: " << e.what() << "\n";
    }
    tilescope_page_scenes(names.c_str());
    hash_changed_ = true;
    last_ = now();
  }

  static Page& page();  // the one the exported functions reach

  void open(std::string path) { opened_.push_back(std::move(path)); }
  void hash_changed() { hash_changed_ = true; }
  // What the Timing panel shows, for the page's scripts (the benchmark in bench/results).
  std::string stats_json() const {
    const FrameStats& st = app_->stats();
    std::ostringstream json;
    json << "{\"kernel_ms\":" << st.steady_kernel_ms() << ",\"kernel_runs\":" << st.steady_runs()
         << ",\"frame_ms\":" << st.frame_ms.latest() << ",\"source_ms\":" << st.source_ms
         << ",\"upload_ms\":" << st.upload_ms << ",\"loop_ms\":" << loop_ms_ << ",\"app_ms\":" << app_ms_
         << ",\"render_ms\":" << render_ms_ << ",\"frames\":" << frames_ << "}";
    return json.str();
  }
  void store_settings() {
    if (settings_.empty()) return;
    save_settings(app_->state(), settings_);
    layout_->save();
    tilescope_store_file(settings_.c_str());
    tilescope_store_file(ini_.c_str());
  }

  void frame() {
    const double start = now();
    fit_canvas();
    glfwPollEvents();
    for (const std::string& path : opened_) app_->load_file(path);
    opened_.clear();
    if (std::exchange(hash_changed_, false)) open_hash_scene();
    app_->prepare_frame();
    imgui_opengl3_new_frame();
    ImGui_ImplGlfw_NewFrame();
    // The page's sizes: the canvas in CSS pixels, its drawing buffer devicePixelRatio times larger;
    // emscripten's GLFW gives the pointer in drawing-buffer pixels.
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {float(css_w_), float(css_h_)};
    io.DisplayFramebufferScale = {float(dpr_), float(dpr_)};
    if (io.MousePos.x != -FLT_MAX) io.MousePos = {float(io.MousePos.x / dpr_), float(io.MousePos.y / dpr_)};
    ImGui::NewFrame();
    const double t = now();
    app_->frame(io.DisplaySize.x, io.DisplaySize.y, io.DisplayFramebufferScale.x, t - last_);
    last_ = t;
    const double drawn = now();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    app_ms_ = 1e3 * (drawn - t), render_ms_ = 1e3 * (now() - drawn);
    UiState& s = app_->state();
    if (std::exchange(s.screenshot_requested, false)) {
      const std::string name = screenshot_name();
      tilescope_download_canvas_png(name.c_str());
      say("screenshot downloaded as " + name);
    }
    if (std::exchange(s.record_toggle_requested, false))
      say("recording a GIF needs giflib, which the browser build has not: `tilescope record` on the desktop writes "
          "GIF and MP4");
    layout_->save_if_changed();
    if (t - stored_ > kStoreEvery) {
      store_settings();
      stored_ = t;
    }
    tilescope_page_frame_done(++frames_);
    loop_ms_ = 1e3 * (now() - start);
  }

 private:
  static double now() { return emscripten_get_now() / 1000.0; }

  void say(const std::string& message) {
    app_->stats().status = message;
    std::cout << "tilescope: " << message << "\n";
  }

  // The drawing buffer follows the canvas's CSS size (the page's layout) times devicePixelRatio.
  void fit_canvas() {
    emscripten_get_element_css_size("#canvas", &css_w_, &css_h_);
    dpr_ = std::max(emscripten_get_device_pixel_ratio(), 0.25);
    const int w = std::max(1, int(std::lround(css_w_ * dpr_))), h = std::max(1, int(std::lround(css_h_ * dpr_)));
    int now_w = 0, now_h = 0;
    emscripten_get_canvas_element_size("#canvas", &now_w, &now_h);
    if (now_w != w || now_h != h) emscripten_set_canvas_element_size("#canvas", w, h);
  }

  // #scene=NAME shows assets/scenes/NAME.json and makes the folder the tour (PageDown / PageUp go
  // on from there); hud=0, paused=1 and presentation=1 change what the scene says.
  void open_hash_scene() {
    const auto fields = hash_fields();
    auto field = [&](const char* key) {
      const auto it = fields.find(key);
      return it == fields.end() ? std::string() : it->second;
    };
    if (field("presentation") == "1") app_->state().presentation = true;
    const std::string name = field("scene");
    if (name.empty()) return;
    try {
      std::vector<std::string> files = tour_files(kScenes);
      const std::string path = std::string(kScenes) + "/" + name + ".json";
      const auto at = std::find(files.begin(), files.end(), path);
      if (at == files.end()) throw InvalidInput("this site has no scene '" + name + "' (assets/scenes)");
      UiState first = load_scene(path);
      if (field("hud") == "0") first.overlays.hud = false;
      if (field("paused") == "1") first.paused = true;
      const int index = int(at - files.begin());
      app_->open_tour(std::move(files), std::move(first), index);
    } catch (const InvalidInput& e) {
      say(e.what());
    }
  }

  std::string ini_, settings_;
  std::unique_ptr<GLFWwindow, DestroyWindow> window_;
  ImGuiContextOwner imgui_;
  std::unique_ptr<ImGuiIniFile> layout_;
  ImGuiBackend platform_, renderer_;
  std::unique_ptr<App> app_;
  std::vector<std::string> opened_;
  bool hash_changed_ = false;
  double css_w_ = 0, css_h_ = 0, dpr_ = 1, last_ = 0, stored_ = 0;
  // The last frame on the page's thread (the rest of a frame is the GPU process's): all of it, the
  // App's frame (compute, views, overlays, panels) and ImGui's rendering into WebGL.
  double loop_ms_ = 0, app_ms_ = 0, render_ms_ = 0;
  int frames_ = 0;
};

std::unique_ptr<Page> the_page;  // the browser calls back into C++ through plain functions: one page
Page& Page::page() { return *the_page; }

void run_frame() {
  try {
    the_page->frame();
  } catch (const std::exception& e) {
    tilescope_page_failed((std::string("the page stopped: ") + e.what()).c_str());
    emscripten_cancel_main_loop();
  }
}

}  // namespace
}  // namespace tilescope

// Called by index.html: a file the page wrote into the file system (the open button), the hash
// changed (a scene picked, a link followed), the page is being hidden (keep the settings); and by
// scripts measuring the page: the last frame's times.
extern "C" {
EMSCRIPTEN_KEEPALIVE void tilescope_open_file(const char* path) { tilescope::Page::page().open(path); }
EMSCRIPTEN_KEEPALIVE void tilescope_hash_changed() { tilescope::Page::page().hash_changed(); }
EMSCRIPTEN_KEEPALIVE void tilescope_save_settings() { tilescope::Page::page().store_settings(); }
EMSCRIPTEN_KEEPALIVE const char* tilescope_frame_stats() {
  static std::string json;  // valid until the next call
  json = tilescope::Page::page().stats_json();
  return json.c_str();
}
}

int main() {
  try {
    tilescope::the_page = std::make_unique<tilescope::Page>();
  } catch (const std::exception& e) {
    tilescope_page_failed(e.what());
    return 1;
  }
  emscripten_set_main_loop(tilescope::run_frame, 0, true);  // the browser's frame rate; never returns
  return 0;
}
