#pragma once
// Dear ImGui's context and OpenGL 3 renderer, created and destroyed together.
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <stdexcept>

namespace tilescope {

class ImGuiSession {
 public:
  explicit ImGuiSession(const char* ini_path) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = ini_path;
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
      ImGui::DestroyContext();
      throw std::runtime_error("Dear ImGui cannot use this OpenGL context (3.3 core needed)");
    }
  }
  ~ImGuiSession() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext();
  }
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;
};

}  // namespace tilescope
