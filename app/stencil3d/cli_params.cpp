#include "app/stencil3d/cli.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope::cli::stencil3d {

Stencil3dParams params_of(const PatternOptions& o) {
  Stencil3dParams p;
  if (!o.strategy.empty()) {
    const auto strategy = parse_strategy<Stencil3dStrategy>(o.strategy);
    if (!strategy)
      throw InvalidInput("unknown stencil3d strategy '" + o.strategy + "': use " + strategy_names<Stencil3dStrategy>());
    p.strategy = *strategy;
  }
  if (o.radius) p.order = *o.radius;
  p.tile = o.tile ? *o.tile : default_tile(p.strategy, p.order);
  if (!o.size.empty()) {
    const auto dims = parse_dims(o.size, 3, "WxHxD (e.g. 256x256x256)");
    p.width = dims[0], p.height = dims[1], p.depth = dims[2];
  }
  return p;
}

StencilCoeffs load_coeffs(const std::string& spec, int order) {
  if (spec.empty()) return make_named_stencil("heat", order);
  if (!io::has_extension(spec, ".npy")) return make_named_stencil(spec, order);
  const io::NpyArray a = io::read_npy(spec);
  const long long n = 2LL * order + 1;
  if (a.shape.size() != 3 || a.shape[0] != a.shape[1] || a.shape[1] != a.shape[2] || a.shape[0] % 2 == 0)
    throw InvalidInput("'" + spec + "': stencil coefficients must be a cubic 3-D array of odd size (2k+1)^3");
  if (a.shape[0] != n)
    throw InvalidInput("'" + spec + "' is " + std::to_string(a.shape[0]) + "^3 but order " + std::to_string(order) +
                       " needs " + std::to_string(n) + "^3 (use --radius " + std::to_string(a.shape[0] / 2) + ")");
  return stencil_from_dense(a.data, order);
}

}  // namespace tilescope::cli::stencil3d
