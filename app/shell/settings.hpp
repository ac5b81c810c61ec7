#pragma once
// Settings that persist between runs of the window: the app's state file (JSON) and ImGui's
// imgui.ini, both in $XDG_CONFIG_HOME/tilescope or ~/.config/tilescope.
#include <string>

#include "app/shell/ui_state.hpp"

namespace tilescope {

std::string config_dir();  // created on demand; empty if there is no home
// Overlays the saved settings on `s`; a missing file changes nothing. A file that is not regular
// or not JSON, and each field of the wrong type or out of range, is skipped with one line on
// stderr (the default stays); save_settings rewrites the file whole on exit.
void load_settings(UiState& s, const std::string& path);
// The same from the file's text; `name` stands for the path in messages (tests and fuzzing).
void load_settings_text(UiState& s, const std::string& text, const std::string& name);
// Writes `s` whole to `path`; one that cannot be written (a directory, a full disk) is said on stderr.
void save_settings(const UiState& s, const std::string& path);

// Why ImGui 1.86 must not read this imgui.ini text (a table of 2^31-1 columns crashes it), or "".
std::string imgui_ini_problem(const std::string& text);
// Checks imgui.ini before ImGui reads it; a broken or non-regular one is renamed to
// imgui.ini.broken with one line on stderr. False when it is broken and could not be moved:
// then ImGui must not be given the path.
bool sanitize_imgui_ini(const std::string& path);

}  // namespace tilescope
