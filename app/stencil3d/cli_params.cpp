#include "app/cli/params.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

StencilCoeffs Stencil3dCli::load_coeffs(const std::string& spec, int order) {
  return named_or_npy(spec, "heat", order, make_named_stencil,
                      [&](const io::NpyArray& a) { return coeffs_from_array(spec, a, order); });
}

StencilCoeffs Stencil3dCli::coeffs_from_array(const std::string& name, const io::NpyArray& a, int order) {
  const long long n = 2LL * order + 1;
  if (a.shape.size() != 3 || a.shape[0] != a.shape[1] || a.shape[1] != a.shape[2] || a.shape[0] % 2 == 0)
    throw InvalidInput("'" + name + "': stencil coefficients must be a cubic 3-D array of odd size (2k+1)^3");
  if (a.shape[0] != n)
    throw InvalidInput("'" + name + "' is " + std::to_string(a.shape[0]) + "^3 but order " + std::to_string(order) +
                       " needs " + std::to_string(n) + "^3 (use --radius " + std::to_string(a.shape[0] / 2) + ")");
  require_bounded_weights(name, a.data);
  return stencil_from_dense(a.data, order);
}

}  // namespace tilescope::cli
