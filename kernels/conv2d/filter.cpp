#include "kernels/conv2d/filter.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <random>

#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

Filter2d sized(int radius) {
  Filter2d f;
  f.radius = radius;
  f.weights.assign(std::size_t(f.dim()) * f.dim(), 0.0f);
  return f;
}

void normalize(Filter2d& f) {
  double sum = 0;
  for (float w : f.weights) sum += w;
  for (float& w : f.weights) w = float(w / sum);
}

// The SEED of a name "PREFIXSEED" (nothing for other names).
std::optional<unsigned long long> seed_after(const std::string& prefix, const std::string& name, const char* what) {
  if (name.rfind(prefix, 0) != 0) return std::nullopt;
  const std::string seed_text = name.substr(prefix.size());
  // Digits only: strtoull alone takes "-1" as 2^64-1, " 7" and "+7", and saturates on overflow.
  const bool digits = !seed_text.empty() && seed_text.find_first_not_of("0123456789") == std::string::npos;
  char* end = nullptr;
  errno = 0;
  const unsigned long long seed = digits ? std::strtoull(seed_text.c_str(), &end, 10) : 0;
  if (!digits || errno == ERANGE)
    throw InvalidInput(std::string(what) + " '" + name + "': the seed after '" + prefix +
                       "' must be a whole number in 0..18446744073709551615");
  return seed;
}

}  // namespace

std::optional<unsigned long long> random_seed(const std::string& name, const char* what) {
  return seed_after("random:", name, what);
}

bool random_weights(const std::string& name, const char* what, std::vector<float>& weights) {
  const auto seed = random_seed(name, what);
  if (!seed) return false;
  std::mt19937_64 rng(*seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (float& v : weights) v = uniform(rng);
  return true;
}

const char* named_filter_help() {
  return "box (mean), gaussian (sigma = r/2), sharpen (2 x identity - box), sobel_x (x derivative "
         "x triangle smoothing; the classic 3x3 at r=1), laplacian (all ones, centre 1-(2r+1)^2), "
         "random:SEED (uniform in [-1, 1]), random_separable:SEED (a uniform column times a uniform row: rank 1)";
}

Filter2d make_named_filter(const std::string& name, int radius) {
  Filter2d f = sized(radius);
  const int r = radius, n = f.dim();
  auto w = [&](int dx, int dy) -> float& { return f.weights[(dy + r) * n + (dx + r)]; };
  if (name == "box") {
    for (float& v : f.weights) v = 1.0f;
    normalize(f);
  } else if (name == "gaussian") {
    const double sigma = r / 2.0;
    for (int dy = -r; dy <= r; ++dy)
      for (int dx = -r; dx <= r; ++dx) w(dx, dy) = float(std::exp(-(dx * dx + dy * dy) / (2 * sigma * sigma)));
    normalize(f);
  } else if (name == "sharpen") {
    for (float& v : f.weights) v = -1.0f / float(n * n);
    w(0, 0) += 2.0f;
  } else if (name == "sobel_x") {
    for (int dy = -r; dy <= r; ++dy)
      for (int dx = -r; dx <= r; ++dx) w(dx, dy) = float(dx * (r + 1 - std::abs(dy)));
  } else if (name == "laplacian") {
    for (float& v : f.weights) v = 1.0f;
    w(0, 0) = 1.0f - float(n * n);
  } else if (const auto seed = seed_after("random_separable:", name, "filter")) {
    std::mt19937_64 rng(*seed);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> column(n), row(n);
    for (float& v : column) v = uniform(rng);
    for (float& v : row) v = uniform(rng);
    for (int fy = 0; fy < n; ++fy)
      for (int fx = 0; fx < n; ++fx) f.weights[fy * n + fx] = column[fy] * row[fx];
  } else if (!random_weights(name, "filter", f.weights)) {
    throw InvalidInput("unknown filter '" + name + "': use " + named_filter_help() + ", or a .npy file");
  }
  return f;
}

}  // namespace tilescope
