#include "kernels/conv1d/filter.hpp"

#include <cmath>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

const char* named_filter1d_help() {
  return "box (moving average), gaussian (sigma = r/2), sharpen (2 x identity - box), derivative "
         "(weight d at offset d), random:SEED (uniform in [-1, 1])";
}

Filter1d make_named_filter1d(const std::string& name, int radius) {
  Filter1d f;
  f.radius = radius;
  f.weights.assign(f.dim(), 0.0f);
  const int r = radius, n = f.dim();
  auto w = [&](int d) -> float& { return f.weights[d + r]; };
  if (name == "box") {
    for (float& v : f.weights) v = 1.0f / float(n);
  } else if (name == "gaussian") {
    const double sigma = r / 2.0;
    double sum = 0;
    for (int d = -r; d <= r; ++d) sum += std::exp(-d * d / (2 * sigma * sigma));
    for (int d = -r; d <= r; ++d) w(d) = float(std::exp(-d * d / (2 * sigma * sigma)) / sum);
  } else if (name == "sharpen") {
    for (float& v : f.weights) v = -1.0f / float(n);
    w(0) += 2.0f;
  } else if (name == "derivative") {
    for (int d = -r; d <= r; ++d) w(d) = float(d);
  } else if (!random_weights(name, "1D filter", f.weights)) {
    throw InvalidInput("unknown 1D filter '" + name + "': use " + named_filter1d_help() + ", or a .npy file");
  }
  return f;
}

}  // namespace tilescope
