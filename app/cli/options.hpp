#pragma once
// Options shared by the conv2d commands, turned into the kernels' parameter struct.
#include <CLI/CLI.hpp>

#include <string>

#include "kernels/conv2d_params.hpp"
#include "kernels/filter.hpp"

namespace tilescope::cli {

struct Conv2dOptions {
  std::string pattern = "conv2d";
  std::string strategy = "tiled_in";
  int radius = 2;
  int tile = 32;
  std::string size = "1024x1024";
  std::string filter = "box";
  std::string backend = "auto";
};

enum class Need { radius = 1, size = 2, filter = 4, backend = 8 };
inline int operator|(Need a, Need b) { return int(a) | int(b); }
inline int operator|(int a, Need b) { return a | int(b); }

// Registers --pattern --strategy --tile, plus the parts named in `need`.
void add_conv2d_options(CLI::App* cmd, Conv2dOptions& o, int need);

// Throws InvalidInput for an unknown or unimplemented pattern.
void check_pattern(const std::string& pattern);
// "WxH" -> (W, H); throws InvalidInput.
void parse_size(const std::string& text, int& width, int& height);
// Pattern, strategy and size checked; the rest is left to validate_conv2d.
Conv2dParams to_params(const Conv2dOptions& o);
// A named filter, or a (2r+1)x(2r+1) .npy.
Filter2d load_filter(const std::string& spec, int radius);

}  // namespace tilescope::cli
