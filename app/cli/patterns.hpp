#pragma once
// The commands' work, per pattern: `model`, `apply`, `check` and `bench` parse the shared options
// and hand them to the pattern named by --pattern. Adding a pattern = its files + one table row.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "app/cli/options.hpp"

namespace tilescope::cli {

struct PatternCommands {
  std::string_view name;
  void (*model)(const PatternOptions&, bool json);      // --strategy all: a table of every strategy
  nlohmann::json (*model_json)(const PatternOptions&);  // the object `model --json` prints
  void (*apply)(const PatternOptions&, const FileOptions&);
  int (*check)(const std::string& backend);  // exit code: 0 when every case matches the reference
  void (*bench)(const PatternOptions&, const BenchSettings&);
};

// Throws InvalidInput naming the available patterns.
const PatternCommands& pattern_commands(const std::string& name);
// "conv2d, stencil3d" for help texts.
const char* pattern_names();
// `check --pattern NAME` (all: every pattern in turn) on the backend: its exit code, 0 when every row passed.
int check_patterns(const std::string& pattern, const std::string& backend);
// Every pattern, for `check --pattern all`.
const PatternCommands* all_pattern_commands(int& count);

}  // namespace tilescope::cli
