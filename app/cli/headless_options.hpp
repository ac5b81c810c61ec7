#pragma once
// What a headless window shows and how large it is: the options `shot` and `record` share (the
// pattern and its parameters or a scene, the data, the view, the pointer, the window's size).
#include <CLI/CLI.hpp>

#include <string>

#include "app/cli/options.hpp"
#include "app/platform/run.hpp"

namespace tilescope::cli {

// Frames drawn before a capture when they are not given: the view sizes itself to the data, the
// pointer reaches its pixel, the HUD takes its numbers' size a frame after they change.
inline constexpr int kSettleFrames = 6;

struct HeadlessCli {
  PatternOptions conv;
  std::string window_size = "1600x900", hover, view = "split", file;
  float zoom = 0;  // screen pixels per image pixel, centred on the hover; 0: fit
  bool presentation = false;
  bool live = false;  // the demo runs (shot --live; record, unless its view is stepped)
  int demo_size = 1024;
  std::string demo = "mixed";
  std::string scene;        // a scene file: sets everything the options below it would
  std::string data_size;    // conv1d: the signal's length; matmul: MxKxN
  int phase = 0, step = 0;  // matmul's phase stepper; the others' step-through
  CLI::Option* step_option = nullptr;
  std::string without = "none";  // matmul: the barrier left out
  int grid = 0, slice = -1, steps = 4;
  std::string compare;  // S1,S2[,S3,S4]: strategies of the pattern side by side
};

// Registers HeadlessCli's options but `live` on `cmd`; the command adds --out and its own.
void add_headless_options(CLI::App* cmd, HeadlessCli& o);

// The window's size, pointer and zoom into `window`, whose `out` is set: throws InvalidInput for
// a size outside 320x240 .. 8192x8192, a bad --hover or --zoom, or an --out that is an input.
void headless_window(const HeadlessCli& o, ShotOptions& window);

// The state to draw, from --scene or from the options; throws InvalidInput before any context is
// opened. A scene's hovered cell becomes the window's pointer.
UiState headless_state(const HeadlessCli& o, const CLI::App& cmd, ShotOptions& window);

}  // namespace tilescope::cli
