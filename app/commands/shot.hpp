#pragma once
// `shot`'s options and the state they make, shared by the command (app/commands/cmd_shot.cpp) and the Python
// module's ts.shot, which parses the same options from its keyword arguments.
#include <CLI/CLI.hpp>

#include "app/commands/headless_options.hpp"
#include "app/platform/run.hpp"

namespace tilescope::cli {

struct ShotCli {
  HeadlessCli view;
  ShotOptions shot;
};

// Registers shot's options on `cmd`, all but --out (the command's: the module returns the pixels).
void add_shot_options(CLI::App* cmd, ShotCli& o);

// Checks the parsed options and returns the state to draw, before any context is opened; sets
// o.shot's window (size, pointer, zoom) and its frames (a scene's settle frames where --frames is
// not given). Throws InvalidInput.
UiState shot_state(ShotCli& o, const CLI::App& cmd);

}  // namespace tilescope::cli
