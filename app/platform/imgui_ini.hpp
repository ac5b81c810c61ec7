#pragma once
// Dear ImGui's layout file, kept by tilescope instead of by ImGui, whose own save truncates the
// file in place (a crash or a full disk mid-write leaves half a layout, and ImGui 1.86 crashes on
// some broken ones at the next start). Read once at start; written whole, through
// io::write_atomically, whenever ImGui marks the layout changed and at exit.
#include <string>

namespace tilescope {

class ImGuiIniFile {
 public:
  // Loads `path` into the current ImGui context when it exists (sanitize_imgui_ini vets it
  // first); an empty path keeps the layout in memory only.
  explicit ImGuiIniFile(std::string path);
  // Writes the layout when ImGui asks (io.WantSaveIniSettings); call once a frame.
  void save_if_changed();
  // Writes the layout now. A failed write is reported in one line and ends saving for this run.
  void save();

 private:
  std::string path_;
};

}  // namespace tilescope
