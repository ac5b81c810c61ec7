#include "app/cli/options.hpp"

#include "app/cli/patterns.hpp"
#include "kernels/common/breaks.hpp"

namespace tilescope::cli {

void add_pattern_options(CLI::App* cmd, PatternOptions& o, int need) {
  cmd->add_option("--pattern", o.pattern, pattern_names())->capture_default_str();
  cmd->add_option("--strategy", o.strategy, "strategy of the pattern (default: the pattern's tiled one)");
  if (need & int(Need::radius))
    cmd->add_option("--radius", o.radius,
                    "conv2d: filter radius r, (2r+1)^2 filter, 1..8 (default 2); conv1d: radius n, 2n+1 taps, 1..32 "
                    "(default 2); stencil3d: order k, 1..3 (default 1); matmul: none");
  cmd->add_option("--tile", o.tile, "tile width in threads/cells (default: the strategy's)");
  if (need & int(Need::size))
    cmd->add_option("--size", o.size,
                    "conv2d WxH (default 1024x1024), stencil3d WxHxD (default 256x256x256), conv1d N (default "
                    "1048576), matmul MxKxN: M is MxK, N is KxN (default 1024x1024x1024)");
  if (need & int(Need::filter))
    cmd->add_option("--filter", o.filter, "a named filter or a .npy of weights (see each pattern's --help text)");
  if (need & int(Need::steps))
    cmd->add_option("--steps", o.steps,
                    "stencil3d: time steps per run, 1..8 (default 1): every strategy sweeps K times, temporal fuses "
                    "them; bench: a comma-separated list");
  if (need & int(Need::backend))
    cmd->add_option("--backend", o.backend, "auto (CUDA when a device is usable, else CPU), cuda or cpu")
        ->capture_default_str();
}

void add_break_option(CLI::App* cmd, PatternOptions& o) {
  cmd->add_option("--break", o.bug,
                  "run a deliberately wrong kernel (conv2d tiled_in, conv1d tiled, stencil3d tiled, matmul tiled): " +
                      break_names() + " (no_barrier's race is emulated under its worst schedule)");
}

}  // namespace tilescope::cli
