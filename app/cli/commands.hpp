#pragma once
// Each command registers itself as a subcommand whose callback does the work.
#include <CLI/CLI.hpp>

#include "kernels/conv2d_params.hpp"

namespace tilescope::cli {

void add_model_command(CLI::App& app);
void add_apply_command(CLI::App& app);
void add_check_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_shot_command(CLI::App& app);  // only in builds with the GUI

// Book model, bound and counted OP/B of every strategy at the radius/tile/size of `p`.
void print_model_table(const Conv2dParams& p);

}  // namespace tilescope::cli
