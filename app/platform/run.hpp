#pragma once
// The ways tilescope draws: a window (GLFW), a headless shot and a headless recording (EGL). Each
// returns a process exit code and reports failures on stderr.
#include <optional>
#include <string>
#include <vector>

#include "app/shell/ui_state.hpp"

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
  // shot --scene DIR: the tour's scene files (tour_files), each shown `frames` frames in turn (the
  // demo running when `live`), pass after pass until `tour_seconds` have passed (one pass at least).
  std::vector<std::string> tour;
  bool live = false;
  double tour_seconds = 0;
  bool yes = false;  // run however long the estimate (app/platform/heavy_run.hpp)
};

int run_shot(UiState state, const ShotOptions& options);
// The frames run_shot renders, then the pixels its PNG holds as RGBA (alpha 255), rows top-down:
// options.width x options.height x 4 bytes (options.out is not written). Throws what the headless
// context and the App throw (InvalidInput for bad input), where run_shot returns an exit code.
std::vector<unsigned char> shot_pixels(UiState state, const ShotOptions& options);

// `record`: frames of the headless window into a GIF or an MP4 (by out's extension).
struct RecordOptions {
  ShotOptions window;  // size, pointer and zoom; out: the .gif or .mp4; frames: rendered before the first recorded
  int frames = 60;     // recorded
  int fps = 10;        // each frame is 1/fps seconds of the demo's time after the last
  // A stepped view (a step-through that is on, matmul's phase stepper) steps this many times a
  // second of the recording instead of running the demo.
  double steps_per_second = 2;
};

int run_record(UiState state, const RecordOptions& options);

}  // namespace tilescope
