#pragma once
// Each command registers itself as a subcommand whose callback does the work.
#include <CLI/CLI.hpp>

namespace tilescope::cli {

void add_model_command(CLI::App& app);
void add_apply_command(CLI::App& app);
void add_check_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_exercise_command(CLI::App& app);  // exercise list | show | answer | check | grade
void add_shot_command(CLI::App& app);      // only in builds with the GUI
void add_record_command(CLI::App& app);    // only in builds with the GUI

}  // namespace tilescope::cli
