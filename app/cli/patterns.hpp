#pragma once
// The commands' work, per pattern: `model`, `apply`, `check` and `bench` parse the shared options
// and hand them to the pattern named by --pattern. The table is the shell's (app/commands/cli_patterns.cpp):
// adding a pattern = its files + one row there.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/cli/options.hpp"

namespace tilescope::cli {

struct PatternCommands {
  std::string_view name;
  void (*model)(const PatternOptions&, bool json);      // --strategy all: a table of every strategy
  nlohmann::json (*model_json)(const PatternOptions&);  // the object `model --json` prints
  void (*apply)(const PatternOptions&, const FileOptions&);
  int (*check)(const std::string& backend);  // exit code: 0 when every case matches the reference
  void (*bench)(const PatternOptions&, const BenchSettings&);
  const PatternHelp* help;
};

// Throws InvalidInput naming the available patterns.
const PatternCommands& pattern_commands(const std::string& name);
// The table's first pattern: --pattern's default.
const char* first_pattern_name();
// "conv2d, stencil3d" for help texts.
const char* pattern_names();
// Every pattern's help text for `field` that has one, as "conv2d: X; conv1d: Y".
std::string per_pattern_help(const char* PatternHelp::*field);
// Every pattern's name and help, in the table's order.
std::vector<std::pair<std::string_view, const PatternHelp*>> pattern_helps();
// `check --pattern NAME` (all: every pattern in turn) on the backend: its exit code, 0 when every row passed.
int check_patterns(const std::string& pattern, const std::string& backend);
// Every pattern, for `check --pattern all`.
const PatternCommands* all_pattern_commands(int& count);

}  // namespace tilescope::cli
