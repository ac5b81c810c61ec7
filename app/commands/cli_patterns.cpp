#include "app/cli/patterns.hpp"

#include <iterator>
#include <string>

#include "app/conv1d/cli.hpp"
#include "app/conv2d/cli.hpp"
#include "app/matmul/cli.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {

// A pattern's commands (app/<pattern>/cli.hpp): app/cli's generic ones over its hooks.
template <class C>
constexpr PatternCommands commands_of() {
  return {C::name(), C::model, C::model_json, C::apply, C::check, C::bench, &C::kHelp};
}

// The pattern list, in the order `check --pattern all` runs them.
constexpr PatternCommands kPatterns[] = {
    commands_of<Conv2dCli>(),
    commands_of<Stencil3dCli>(),
    commands_of<Conv1dCli>(),
    commands_of<MatmulCli>(),
};

}  // namespace

const PatternCommands& pattern_commands(const std::string& name) {
  for (const auto& p : kPatterns)
    if (p.name == name) return p;
  throw InvalidInput("unknown pattern '" + name + "': available: " + pattern_names());
}

const char* pattern_names() {
  static const std::string names = [] {
    std::string s;
    for (const auto& p : kPatterns) s += (s.empty() ? "" : ", ") + std::string(p.name);
    return s;
  }();
  return names.c_str();
}

const char* first_pattern_name() { return kPatterns[0].name.data(); }

std::string per_pattern_help(const char* PatternHelp::*field) {
  std::string text;
  for (const auto& p : kPatterns)
    if (const char* help = p.help->*field) text += (text.empty() ? "" : "; ") + std::string(p.name) + ": " + help;
  return text;
}

std::vector<std::pair<std::string_view, const PatternHelp*>> pattern_helps() {
  std::vector<std::pair<std::string_view, const PatternHelp*>> helps;
  for (const auto& p : kPatterns) helps.emplace_back(p.name, p.help);
  return helps;
}

int check_patterns(const std::string& pattern, const std::string& backend) {
  if (pattern != "all") return pattern_commands(pattern).check(backend);
  int failed = 0;
  for (const auto& p : kPatterns) failed |= p.check(backend);
  return failed;
}

const PatternCommands* all_pattern_commands(int& count) {
  count = int(std::size(kPatterns));
  return kPatterns;
}

}  // namespace tilescope::cli
