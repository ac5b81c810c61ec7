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

constexpr PatternCommands kPatterns[] = {
    {"conv2d", conv2d::model, conv2d::apply, conv2d::check, conv2d::bench},
    {"stencil3d", stencil3d::model, stencil3d::apply, stencil3d::check, stencil3d::bench},
    {"conv1d", conv1d::model, conv1d::apply, conv1d::check, conv1d::bench},
    {"matmul", matmul::model, matmul::apply, matmul::check, matmul::bench},
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

const PatternCommands* all_pattern_commands(int& count) {
  count = int(std::size(kPatterns));
  return kPatterns;
}

}  // namespace tilescope::cli
