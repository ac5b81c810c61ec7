#pragma once
// What `shot` and `record` say about the state to draw, as each pattern reads it: the shared
// pattern options, the step, and the pattern's own view options (--grid, --data, --view, ...) by
// name. Each pattern lists its own (ViewFlag, app/<pattern>/app_pattern.hpp) and sets its settings
// from them; the shell registers every pattern's and refuses one that the shown pattern has not.
#include <map>
#include <optional>
#include <string>

#include "app/cli/options.hpp"
#include "app/ui/common_state.hpp"
#include "kernels/common/breaks.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

// A pattern's own option of `shot` and `record`: its name ("--grid", or "file" for the positional
// one) and its help text (the shell prefixes the pattern's name).
struct ViewFlag {
  const char* name;
  const char* help;
};

struct ViewOptions {
  PatternOptions pattern;                    // --pattern --strategy --radius --tile --filter --backend --break
  std::optional<int> step;                   // --step N
  bool hovered = false;                      // --hover was given: a block is focused
  std::map<std::string, std::string> flags;  // the pattern's own options that were given, by name

  // The flag's text, or `fallback` where it was not given.
  std::string text(const std::string& name, const std::string& fallback) const;
  // The flag as a whole number within lo..hi (InvalidInput naming the range otherwise), or
  // `fallback` where it was not given.
  int integer(const std::string& name, int lo, int hi, int fallback) const;
  // The flag as one of `names` (count of them), by its index (InvalidInput listing them otherwise),
  // or `fallback` where it was not given.
  int choice(const std::string& name, const char* const* names, int count, int fallback) const;
};

// A number the user gave (`value`, none: not given) within lo..hi, else InvalidInput naming the range:
// the command line refuses what the app's sliders would clamp.
void check_range(const std::string& flag, std::optional<int> value, int lo, int hi);

// --break NAME for `strategy`, refused with the reason where it cannot have it (none: no --break).
template <typename Strategy>
Break view_break(const ViewOptions& o, Strategy strategy) {
  if (o.pattern.bug.empty()) return Break::none;
  const Break bug = parse_break(o.pattern.bug);
  if (const auto why = break_problem(strategy, bug)) throw InvalidInput("--break " + o.pattern.bug + ": " + *why);
  return bug;
}

// --step N: step N of the block under --hover into `s`. `problem`: why these parameters have no
// step-through; `steps`: how many steps the block has; `setting`: the parameters, for the message.
void show_step(const ViewOptions& o, Stepper& s, const std::optional<std::string>& problem, int steps,
               const std::string& setting);

}  // namespace tilescope::cli
