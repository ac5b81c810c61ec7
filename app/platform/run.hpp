#pragma once
// The two ways tilescope draws: a window (GLFW) and a headless shot (EGL). Both return a
// process exit code and report failures on stderr.
#include <optional>
#include <string>
#include <vector>

#include "app/ui/ui_state.hpp"

namespace tilescope {

// Opens the window, on `first_scene` (tour[0] as load_scene read it) when there is a tour; exits
// after max_frames frames when max_frames > 0. Settings persist in $XDG_CONFIG_HOME/tilescope (or
// ~/.config/tilescope).
int run_window(UiState state, int max_frames, std::vector<std::string> tour = {}, UiState first_scene = {});

struct ShotOptions {
  std::string out;
  int width = 1600, height = 900;
  int frames = 3;              // frames rendered before the capture (auto-sized windows settle)
  std::optional<Pixel> hover;  // pointer over this image pixel
  float zoom = 0;              // screen pixels per image pixel, centred on the hover; 0: fit
};

int run_shot(UiState state, const ShotOptions& options);

}  // namespace tilescope
