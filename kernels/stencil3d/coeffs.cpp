#include "kernels/stencil3d/coeffs.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope {
namespace {

// Central second-difference weights of accuracy order 2k at offsets 0..k (standard tables).
const double kSecondDifference[kMaxStencil3dRadius + 1][kMaxStencil3dRadius + 1] = {
    {0, 0, 0, 0},
    {-2.0, 1.0, 0, 0},
    {-5.0 / 2, 4.0 / 3, -1.0 / 12, 0},
    {-49.0 / 18, 3.0 / 2, -3.0 / 20, 1.0 / 90},
};

void check_order(int order) {
  if (order < 1 || order > kMaxStencil3dRadius)
    throw InvalidInput("stencil order " + std::to_string(order) + " is outside 1.." +
                       std::to_string(kMaxStencil3dRadius));
}

StencilCoeffs laplacian(int k, double scale) {
  StencilCoeffs c;
  c.order = k;
  c.centre = float(3 * kSecondDifference[k][0] * scale);
  for (int a = 0; a < 3; ++a)
    for (int o = 1; o <= k; ++o) c.axis[a][k + o] = c.axis[a][k - o] = float(kSecondDifference[k][o] * scale);
  return c;
}

}  // namespace

const char* named_stencil_help() {
  return "heat (one stable explicit heat-equation step), laplacian (finite differences of order 2k), "
         "random:SEED (uniform in [-1, 1])";
}

StencilCoeffs make_named_stencil(const std::string& name, int order) {
  check_order(order);
  if (name == "laplacian") return laplacian(order, 1.0);
  if (name == "heat") {
    // The largest decay factor of the 1D difference is at the Nyquist frequency: sum of |weights|.
    double nyquist = std::fabs(kSecondDifference[order][0]);
    for (int o = 1; o <= order; ++o) nyquist += 2 * std::fabs(kSecondDifference[order][o]);
    const double alpha = 0.9 * 2.0 / (3.0 * nyquist);  // |1 - alpha * 3 * nyquist| <= 1
    StencilCoeffs c = laplacian(order, alpha);
    c.centre += 1.0f;
    return c;
  }
  if (const auto seed = random_seed(name, "stencil")) {
    std::mt19937_64 rng(*seed);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    StencilCoeffs c;
    c.order = order;
    c.centre = uniform(rng);
    for (int a = 0; a < 3; ++a)
      for (int o = -order; o <= order; ++o)
        if (o != 0) c.axis[a][order + o] = uniform(rng);
    return c;
  }
  throw InvalidInput("unknown stencil '" + name + "': use " + named_stencil_help() + ", or a .npy file");
}

StencilCoeffs stencil_from_dense(const std::vector<float>& dense, int order) {
  check_order(order);
  const int n = 2 * order + 1;
  if (dense.size() != std::size_t(n) * n * n)
    throw InvalidInput("a stencil of order " + std::to_string(order) + " needs " + std::to_string(n) + "x" +
                       std::to_string(n) + "x" + std::to_string(n) + " coefficients");
  StencilCoeffs c;
  c.order = order;
  for (int z = -order; z <= order; ++z)
    for (int y = -order; y <= order; ++y)
      for (int x = -order; x <= order; ++x) {
        const float w = dense[(std::size_t(z + order) * n + (y + order)) * n + (x + order)];
        const int off_axis = (x != 0) + (y != 0) + (z != 0);
        if (off_axis == 0)
          c.centre = w;
        else if (off_axis == 1)
          c.axis[x ? 0 : y ? 1 : 2][order + x + y + z] = w;
        else if (w != 0.0f)
          throw InvalidInput("not a star stencil: the coefficient at offset (z, y, x) = (" + std::to_string(z) + ", " +
                             std::to_string(y) + ", " + std::to_string(x) +
                             ") is off the axes but not zero (a stencil reads only axis neighbours)");
      }
  return c;
}

std::vector<float> stencil_to_dense(const StencilCoeffs& c) {
  const int k = c.order, n = 2 * k + 1;
  std::vector<float> dense(std::size_t(n) * n * n, 0.0f);
  auto at = [&](int z, int y, int x) -> float& { return dense[(std::size_t(z + k) * n + (y + k)) * n + (x + k)]; };
  at(0, 0, 0) = c.centre;
  for (int o = -k; o <= k; ++o)
    if (o != 0) at(0, 0, o) = c.axis[0][k + o], at(0, o, 0) = c.axis[1][k + o], at(o, 0, 0) = c.axis[2][k + o];
  return dense;
}

double stencil_tolerance(const StencilCoeffs& c, float max_abs_input) {
  double sum_abs = std::fabs(c.centre);
  for (const auto& a : c.axis)
    for (float w : a) sum_abs += std::fabs(w);
  return weighted_sum_tolerance(6 * c.order + 1, sum_abs, max_abs_input);
}

double stencil_steps_tolerance(const StencilCoeffs& c, float max_abs_input, int steps) {
  double sum_abs = std::fabs(c.centre);
  for (const auto& a : c.axis)
    for (float w : a) sum_abs += std::fabs(w);
  const double growth = std::max(1.0, sum_abs);
  return steps * std::pow(growth, std::max(0, steps - 1)) * stencil_tolerance(c, max_abs_input);
}

}  // namespace tilescope
