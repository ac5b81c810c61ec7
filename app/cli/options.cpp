#include "app/cli/options.hpp"

#include "app/cli/patterns.hpp"
#include "kernels/common/breaks.hpp"

namespace tilescope::cli {

void add_pattern_options(CLI::App* cmd, PatternOptions& o, int need) {
  o.pattern = first_pattern_name();
  cmd->add_option("--pattern", o.pattern, pattern_names())->capture_default_str();
  cmd->add_option("--strategy", o.strategy, "strategy of the pattern (default: the pattern's tiled one)");
  if (need & int(Need::radius)) cmd->add_option("--radius", o.radius, per_pattern_help(&PatternHelp::radius));
  cmd->add_option("--tile", o.tile, "tile width in threads/cells (default: the strategy's)");
  if (need & int(Need::size)) cmd->add_option("--size", o.size, size_help(true));
  if (need & int(Need::filter))
    cmd->add_option("--filter", o.filter, "a named filter or a .npy of weights (see each pattern's --help text)");
  if (need & int(Need::steps))
    cmd->add_option("--steps", o.steps, per_pattern_help(&PatternHelp::steps) + "; bench: a comma-separated list");
  if (need & int(Need::backend))
    cmd->add_option("--backend", o.backend, "auto (CUDA when a device is usable, else CPU), cuda or cpu")
        ->capture_default_str();
}

std::string size_help(bool defaults) {
  std::string text;
  for (const auto& [name, help] : pattern_helps())
    if (help->size)
      text += (text.empty() ? "" : "; ") + std::string(name) + " " + help->size +
              (defaults && help->size_default ? " (default " + std::string(help->size_default) + ")" : "");
  return text;
}

void add_break_option(CLI::App* cmd, PatternOptions& o) {
  cmd->add_option("--break", o.bug,
                  "run a deliberately wrong kernel (" + per_pattern_help(&PatternHelp::broken) + "): " + break_names() +
                      " (no_barrier's race is emulated under its worst schedule)");
}

}  // namespace tilescope::cli
