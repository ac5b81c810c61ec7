#include "app/cli/view_options.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "kernels/common/error.hpp"

namespace tilescope::cli {

std::string ViewOptions::text(const std::string& name, const std::string& fallback) const {
  const auto it = flags.find(name);
  return it == flags.end() ? fallback : it->second;
}

int ViewOptions::integer(const std::string& name, int lo, int hi, int fallback) const {
  const auto it = flags.find(name);
  if (it == flags.end()) return fallback;
  const char* text = it->second.c_str();
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi)
    throw InvalidInput(name + " must be within " + std::to_string(lo) + ".." + std::to_string(hi) + ", not '" +
                       it->second + "'");
  return int(v);
}

void check_range(const std::string& flag, std::optional<int> value, int lo, int hi) {
  if (value && (*value < lo || *value > hi))
    throw InvalidInput(flag + " must be within " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " +
                       std::to_string(*value));
}

int ViewOptions::choice(const std::string& name, const char* const* names, int count, int fallback) const {
  const auto it = flags.find(name);
  if (it == flags.end()) return fallback;
  const auto found = std::find(names, names + count, it->second);
  if (found != names + count) return int(found - names);
  std::string all;
  for (int i = 0; i < count; ++i) all += std::string(i ? (i + 1 == count ? " or " : ", ") : "") + names[i];
  throw InvalidInput("unknown " + name + " '" + it->second + "': use " + all);
}

void show_step(const ViewOptions& o, Stepper& s, const std::optional<std::string>& problem, int steps,
               const std::string& setting) {
  if (problem) throw InvalidInput("--step: " + *problem);
  if (!o.hovered) throw InvalidInput("--step N shows step N of the block under --hover X,Y: give one");
  if (*o.step < 0 || *o.step >= steps)
    throw InvalidInput("--step must be within 0.." + std::to_string(steps - 1) + " for " + setting);
  s.on = true, s.step = *o.step;
}

}  // namespace tilescope::cli
