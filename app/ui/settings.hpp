#pragma once
// Settings that persist between runs of the window: the app's state file (JSON) and ImGui's
// imgui.ini, both in $XDG_CONFIG_HOME/tilescope or ~/.config/tilescope.
#include <string>

#include "app/ui/ui_state.hpp"

namespace tilescope {

std::string config_dir();  // created on demand; empty if there is no home
// Overlays the saved settings on `s`; a missing or unreadable file changes nothing.
void load_settings(UiState& s, const std::string& path);
void save_settings(const UiState& s, const std::string& path);

}  // namespace tilescope
