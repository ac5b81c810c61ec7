#pragma once
// What a headless window shows and how large it is: the options `shot` and `record` share (the
// pattern and its parameters or a scene, the pattern's own view options, the pointer, the window's
// size). Every pattern's view options are registered (app/<pattern>/app_pattern.hpp: view_flags);
// one the shown pattern has not is refused.
#include <CLI/CLI.hpp>

#include <string>

#include "app/cli/view_options.hpp"
#include "app/platform/run.hpp"

namespace tilescope::cli {

// Frames drawn before a capture when they are not given: the view sizes itself to the data, the
// pointer reaches its pixel, the HUD takes its numbers' size a frame after they change.
inline constexpr int kSettleFrames = 6;

struct HeadlessCli {
  ViewOptions view;  // the pattern options, --step and the patterns' own flags (all of them until parsed)
  std::string window_size = "1600x900", hover;
  float zoom = 0;  // screen pixels per image pixel, centred on the hover; 0: fit
  bool presentation = false;
  bool yes = false;     // run however long the estimate
  bool live = false;    // the demo runs (shot --live; record, unless its view is stepped)
  std::string scene;    // a scene file (or, for shot, a folder of them: a tour): sets what the options below it would
  std::string compare;  // S1,S2[,S3,S4]: strategies of the pattern side by side
  // --exercise ID --seed S [--answer A]: the exercise's question (its view, the answer hidden), or with
  // an answer the view after its check (the truth revealed).
  std::string exercise, answer;
  long long seed = 1;
};

// Registers HeadlessCli's options but `live` on `cmd`; the command adds --out and its own.
void add_headless_options(CLI::App* cmd, HeadlessCli& o);

// The window's size, pointer and zoom into `window`, whose `out` is set: throws InvalidInput for
// a size outside 320x240 .. 8192x8192, a bad --hover or --zoom, or an --out that is an input.
void headless_window(const HeadlessCli& o, ShotOptions& window);

// The state to draw, from --scene or from the options; throws InvalidInput before any context is
// opened. A scene's hovered cell becomes the window's pointer. A folder of scenes (a tour: only
// when `tours`) gives its first scene's state and window.tour its files, every one read once here.
UiState headless_state(const HeadlessCli& o, const CLI::App& cmd, ShotOptions& window, bool tours = false);

}  // namespace tilescope::cli
