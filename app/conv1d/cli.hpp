#pragma once
// The commands for the 1D convolution (PMPP 3rd ed. 7.2-7.5): conv1d's trait plus what the shared
// options set (app/cli/params.hpp); the commands are app/cli's, over the hooks
// (app/cli/pattern_cli.hpp) its cli_*.cpp define.
#include <optional>
#include <ostream>
#include <string>

#include "app/cli/apply.hpp"
#include "app/cli/pattern_cli.hpp"
#include "app/io/npy.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/pattern.hpp"

namespace tilescope::cli {

// Defaults: tiled, radius 2, blockDim 1024, 2^20 elements; an unset --tile keeps the base's.
struct Conv1dCli : PatternCli<Conv1dPattern> {
  static constexpr PatternHelp kHelp{
      "radius n, 2n+1 taps, 1..32 (default 2)",           "N",         "1048576", nullptr, "tiled",
      "scipy.ndimage.correlate1d(x, w, mode='constant')", "a 1-D .npy"};
  static constexpr int Params::*kRadius = &Params::filter_radius;
  static constexpr int Params::*kSize[] = {&Params::length};
  static constexpr const char* kSizeForm = "N, the signal's length (e.g. 1048576)";
  static constexpr bool kTileByStrategy = false;
  // A named 1D filter (default box), or a .npy of 2r+1 weights.
  static Filter1d load_filter(const std::string& spec, int radius);
  // 2r+1 finite weights from an array; `name` names it in messages.
  static Filter1d filter_from_array(const std::string& name, io::NpyArray a, int radius);
  // apply reads and writes the pattern's own files (cli_apply.cpp); run_apply is its run once the
  // signal is in memory (as conv2d's: app/conv2d/cli.hpp).
  static void apply(const PatternOptions& o, const FileOptions& files);
  static AppliedRun run_apply(const Params& p, std::optional<Break> bug, const Filter1d& filter,
                              const std::string& backend, const float* in, float* out, std::ostream& notes,
                              Memory memory = Memory::host);
};

}  // namespace tilescope::cli
