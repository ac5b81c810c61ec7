#pragma once
// Dear ImGui's context and backends, each owned by a move-only RAII object, so an exception
// anywhere (a throwing init, the frame loop) still shuts them down in the reverse order of
// their creation (Dear ImGui's examples: context, platform, renderer; shut down renderer,
// platform, context). Declare them in that order and C++ does the rest.
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "app/gl/gl.hpp"
#include "kernels/common/unique_handle.hpp"

namespace tilescope {

// The ImGui context: created current, destroyed last.
struct DestroyImGuiContext {
  void operator()(ImGuiContext* context) const { ImGui::DestroyContext(context); }
};
using ImGuiContextOwner = UniqueHandle<ImGuiContext*, DestroyImGuiContext>;

// ImGui reads and writes no file of its own: the window's layout goes through ImGuiIniFile.
inline ImGuiContextOwner create_imgui_context() {
  IMGUI_CHECKVERSION();
  ImGuiContextOwner context(ImGui::CreateContext());
  ImGui::GetIO().IniFilename = nullptr;
  return context;
}

// One backend (platform or renderer), owned as its Shutdown function.
struct CallShutdown {
  void operator()(void (*shutdown)()) const { shutdown(); }
};
using ImGuiBackend = UniqueHandle<void (*)(), CallShutdown>;

// Takes the result of a backend's Init call and its Shutdown function; throws `what` when Init
// failed (nothing to shut down then).
//   ImGuiBackend platform = imgui_backend(ImGui_ImplGlfw_InitForOpenGL(window, true), ImGui_ImplGlfw_Shutdown, "...");
inline ImGuiBackend imgui_backend(bool initialised, void (*shutdown)(), const char* what) {
  if (!initialised) throw std::runtime_error(what);
  return ImGuiBackend(shutdown);
}

// The OpenGL 3 renderer on the current GL 3.3 core context (in the browser, WebGL2: GLSL ES 3.00).
inline ImGuiBackend imgui_opengl3_renderer() {
#ifdef __EMSCRIPTEN__
  return imgui_backend(ImGui_ImplOpenGL3_Init("#version 300 es"), ImGui_ImplOpenGL3_Shutdown,
                       "Dear ImGui cannot use this WebGL2 context");
#else
  return imgui_backend(ImGui_ImplOpenGL3_Init("#version 330 core"), ImGui_ImplOpenGL3_Shutdown,
                       "Dear ImGui cannot use this OpenGL context (3.3 core needed)");
#endif
}

// The renderer's frame start, with the font atlas sampled nearest: the glyphs are rasterised at
// their size and snapped to pixels (app/ui/style.cpp), so every glyph texel lands on one screen
// pixel and nearest sampling draws the same text as bilinear, at a fraction of its cost in
// software GL (Mesa llvmpipe, the CPU backend's renderer).
inline void imgui_opengl3_new_frame() {
  ImGui_ImplOpenGL3_NewFrame();  // creates the font texture on the first frame
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(ImGui::GetIO().Fonts->TexID)));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

// Headless: the context and the OpenGL 3 renderer, no platform backend (the caller sets
// io.DisplaySize and io.DeltaTime).
struct ImGuiSession {
  ImGuiSession() : context(create_imgui_context()), renderer(imgui_opengl3_renderer()) {}
  ImGuiContextOwner context;
  ImGuiBackend renderer;
};

}  // namespace tilescope
