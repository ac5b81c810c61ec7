#include "app/platform/imgui_ini.hpp"

#include <imgui.h>
#include <sys/stat.h>

#include <iostream>
#include <utility>

#include "app/io/atomic_file.hpp"
#include "app/io/regular_file.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {
namespace {
constexpr std::uint64_t kMaxIniBytes = 1 << 20;
}  // namespace

ImGuiIniFile::ImGuiIniFile(std::string path) : path_(std::move(path)) {
  struct stat st {};
  if (path_.empty() || ::lstat(path_.c_str(), &st) != 0) return;  // none yet
  try {
    const std::string text = io::read_whole_file(path_, kMaxIniBytes, "imgui.ini");
    ImGui::LoadIniSettingsFromMemory(text.data(), text.size());
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: the window layout is not loaded: " << e.what() << "\n";
  }
}

void ImGuiIniFile::save_if_changed() {
  if (ImGui::GetIO().WantSaveIniSettings) save();
}

void ImGuiIniFile::save() {
  ImGui::GetIO().WantSaveIniSettings = false;
  if (path_.empty()) return;
  std::size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  try {
    io::write_atomically(path_, [&](std::FILE* f) { return std::fwrite(text, 1, size, f) == size; });
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: the window layout is not saved this run: " << e.what() << "\n";
    path_.clear();
  }
}

}  // namespace tilescope
