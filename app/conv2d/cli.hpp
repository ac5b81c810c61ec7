#pragma once
// The commands for PMPP chapter 7's 2D convolution: conv2d's trait plus what the shared options set
// (app/cli/params.hpp); the commands are app/cli's, over the hooks (app/cli/pattern_cli.hpp) its
// cli_*.cpp define.
#include <optional>
#include <ostream>
#include <string>

#include "app/cli/apply.hpp"
#include "app/cli/pattern_cli.hpp"
#include "app/io/npy.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/pattern.hpp"

namespace tilescope::cli {

// Defaults: tiled_in, radius 2, the strategy's default_tile, 1024x1024.
struct Conv2dCli : PatternCli<Conv2dPattern> {
  static constexpr PatternHelp kHelp{
      "filter radius r, (2r+1)^2 filter, 1..8 (default 2)",
      "WxH",
      "1024x1024",
      nullptr,
      "tiled_in",
      "scipy.ndimage.correlate(img, w, mode='constant', cval=0)",
      "PNG/JPG/BMP/TGA (grey in [0,1], Rec. 601 luma 0.299 R + 0.587 G + 0.114 B) or a 2-D float32/float64 .npy",
      nullptr,
      "also .png (clamped to [0,1])",
      nullptr,
      "separable needs a rank-1 filter, e.g. gaussian"};
  static constexpr int Params::*kRadius = &Params::filter_radius;
  static constexpr int Params::*kSize[] = {&Params::width, &Params::height};
  static constexpr const char* kSizeForm = "WxH (e.g. 1024x768)";
  static constexpr bool kTileByStrategy = true;
  // A named filter (default box), or a (2r+1)x(2r+1) .npy.
  static Filter2d load_filter(const std::string& spec, int radius);
  // A (2r+1)x(2r+1) filter of finite weights from an array; `name` names it in messages.
  static Filter2d filter_from_array(const std::string& name, io::NpyArray a, int radius);
  // apply reads and writes the pattern's own files (cli_apply.cpp); run_apply is its run once the
  // image is in memory: p (sized as the image) on `backend`, whose note (auto fell back to the
  // CPU) goes to `notes`; `out` = what the correct kernel, or with `bug` the broken one, writes;
  // `memory`: where `in` and `out` are (the Python module's CuPy and torch arrays: device).
  static void apply(const PatternOptions& o, const FileOptions& files);
  static AppliedRun run_apply(const Params& p, std::optional<Break> bug, const Filter2d& filter,
                              const std::string& backend, const float* in, float* out, std::ostream& notes,
                              Memory memory = Memory::host);
};

}  // namespace tilescope::cli
