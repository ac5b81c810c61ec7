#pragma once
// matmul as code written once for every pattern sees it (the command line, the bench, the tests):
// its types, and thin forwards to kernels/matmul/'s own functions.
#include "kernels/common/pattern_traits.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

struct MatmulPattern : PatternTraits<MatmulStrategy, kMatmulStrategyCount> {
  using Params = MatmulParams;
  using Engine = MatmulEngine;
  using Book = MatmulModel;   // the book's OP/B (no bound: it grows with TILE_WIDTH)
  using Count = MatmulCount;  // the exact count over the whole product
  using Launch = LaunchGeometry;

  static constexpr std::string_view name() { return "matmul"; }

  static Launch launch(const Params& p) { return launch_geometry(p); }
  static Book book(const Params& p) { return book_model(p); }
  static Count count(const Params& p) { return exact_traffic(p); }
  static std::optional<std::string> problem(const Params& p, const DeviceLimits& limits = {}) {
    return matmul_problem(p, limits);
  }
  static void validate(const Params& p, const DeviceLimits& limits = {}) { validate_matmul(p, limits); }
  static std::unique_ptr<Engine> make_engine(const Backend& b) { return b.make_matmul_engine(); }
};

}  // namespace tilescope
