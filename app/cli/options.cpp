#include "app/cli/options.hpp"

#include <regex>

#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/error.hpp"
#include "kernels/strategy_registry.hpp"

namespace tilescope::cli {

void add_conv2d_options(CLI::App* cmd, Conv2dOptions& o, int need) {
  cmd->add_option("--pattern", o.pattern, "conv2d (stencil3d, conv1d and matmul are planned)")->capture_default_str();
  cmd->add_option("--strategy", o.strategy, conv2d_strategy_names())->capture_default_str();
  if (need & int(Need::radius))
    cmd->add_option("--radius", o.radius, "filter radius r: the filter is (2r+1)x(2r+1), r = 1..8")
        ->capture_default_str();
  cmd->add_option("--tile", o.tile, "input-tile width for tiled_in, block width for the others")->capture_default_str();
  if (need & int(Need::size)) cmd->add_option("--size", o.size, "image size WxH")->capture_default_str();
  if (need & int(Need::filter))
    cmd->add_option("--filter", o.filter, std::string(named_filter_help()) + "; or a (2r+1)x(2r+1) .npy")
        ->capture_default_str();
  if (need & int(Need::backend))
    cmd->add_option("--backend", o.backend, "auto (CUDA when a device is usable, else CPU), cuda or cpu")
        ->capture_default_str();
}

void check_pattern(const std::string& pattern) {
  if (pattern == "conv2d") return;
  if (pattern == "conv1d" || pattern == "stencil3d" || pattern == "matmul")
    throw InvalidInput("pattern '" + pattern + "' is planned but not in this build yet; available: conv2d");
  throw InvalidInput("unknown pattern '" + pattern + "': available: conv2d");
}

void parse_size(const std::string& text, int& width, int& height) {
  std::smatch m;
  if (!std::regex_match(text, m, std::regex(R"((\d{1,9})[xX](\d{1,9}))")))
    throw InvalidInput("size '" + text + "' is not of the form WxH (e.g. 1024x768)");
  width = std::stoi(m[1]);
  height = std::stoi(m[2]);
}

Conv2dParams to_params(const Conv2dOptions& o) {
  check_pattern(o.pattern);
  const auto strategy = parse_conv2d_strategy(o.strategy);
  if (!strategy)
    throw InvalidInput("unknown conv2d strategy '" + o.strategy + "': use " + conv2d_strategy_names());
  Conv2dParams p;
  p.strategy = *strategy;
  p.filter_radius = o.radius;
  p.tile = o.tile;
  parse_size(o.size, p.width, p.height);
  return p;
}

Filter2d load_filter(const std::string& spec, int radius) {
  if (!io::has_extension(spec, ".npy")) return make_named_filter(spec, radius);
  io::NpyArray a = io::read_npy(spec);
  const long long d = 2LL * radius + 1;
  if (a.shape.size() != 2 || a.shape[0] != a.shape[1] || a.shape[0] % 2 == 0)
    throw InvalidInput("'" + spec + "': a filter must be a square 2-D array of odd size (2r+1)x(2r+1)");
  if (a.shape[0] != d)
    throw InvalidInput("'" + spec + "' is " + std::to_string(a.shape[0]) + "x" + std::to_string(a.shape[1]) +
                       " but --radius " + std::to_string(radius) + " needs " + std::to_string(d) + "x" +
                       std::to_string(d) + " (use --radius " + std::to_string(a.shape[0] / 2) + ")");
  Filter2d f;
  f.radius = radius;
  f.weights = std::move(a.data);
  return f;
}

}  // namespace tilescope::cli
