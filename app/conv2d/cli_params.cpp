#include "app/cli/params.hpp"
#include "app/conv2d/cli.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

Filter2d Conv2dCli::load_filter(const std::string& spec, int radius) {
  return named_or_npy(spec, "box", radius, make_named_filter,
                      [&](io::NpyArray a) { return filter_from_array(spec, std::move(a), radius); });
}

Filter2d Conv2dCli::filter_from_array(const std::string& name, io::NpyArray a, int radius) {
  const long long d = 2LL * radius + 1;
  if (a.shape.size() != 2 || a.shape[0] != a.shape[1] || a.shape[0] % 2 == 0)
    throw InvalidInput("'" + name + "': a filter must be a square 2-D array of odd size (2r+1)x(2r+1)");
  if (a.shape[0] != d)
    throw InvalidInput("'" + name + "' is " + std::to_string(a.shape[0]) + "x" + std::to_string(a.shape[1]) +
                       " but --radius " + std::to_string(radius) + " needs " + std::to_string(d) + "x" +
                       std::to_string(d) + " (use --radius " + std::to_string(a.shape[0] / 2) + ")");
  require_bounded_weights(name, a.data);
  Filter2d f;
  f.radius = radius;
  f.weights = std::move(a.data);
  return f;
}

}  // namespace tilescope::cli
