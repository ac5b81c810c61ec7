#include "app/cli/params.hpp"
#include "app/conv1d/cli.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

Filter1d Conv1dCli::load_filter(const std::string& spec, int radius) {
  return named_or_npy(spec, "box", radius, make_named_filter1d,
                      [&](io::NpyArray a) { return filter_from_array(spec, std::move(a), radius); });
}

Filter1d Conv1dCli::filter_from_array(const std::string& name, io::NpyArray a, int radius) {
  const long long taps = 2LL * radius + 1;
  if (a.shape.size() != 1 || a.shape[0] % 2 == 0)
    throw InvalidInput("'" + name + "': a 1D filter must be a 1-D array of odd length 2r+1");
  if (a.shape[0] != taps)
    throw InvalidInput("'" + name + "' has " + std::to_string(a.shape[0]) + " taps but --radius " +
                       std::to_string(radius) + " needs " + std::to_string(taps) + " (use --radius " +
                       std::to_string(a.shape[0] / 2) + ")");
  require_bounded_weights(name, a.data);
  return Filter1d{radius, std::move(a.data)};
}

}  // namespace tilescope::cli
