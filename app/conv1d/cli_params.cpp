#include "app/conv1d/cli.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

Filter1d Conv1dCli::load_filter(const std::string& spec, int radius) {
  if (spec.empty()) return make_named_filter1d("box", radius);
  if (!io::has_extension(spec, ".npy")) return make_named_filter1d(spec, radius);
  io::NpyArray a = io::read_npy(spec);
  const long long taps = 2LL * radius + 1;
  if (a.shape.size() != 1 || a.shape[0] % 2 == 0)
    throw InvalidInput("'" + spec + "': a 1D filter must be a 1-D array of odd length 2r+1");
  if (a.shape[0] != taps)
    throw InvalidInput("'" + spec + "' has " + std::to_string(a.shape[0]) + " taps but --radius " +
                       std::to_string(radius) + " needs " + std::to_string(taps) + " (use --radius " +
                       std::to_string(a.shape[0] / 2) + ")");
  return Filter1d{radius, std::move(a.data)};
}

}  // namespace tilescope::cli
