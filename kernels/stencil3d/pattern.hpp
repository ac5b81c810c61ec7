#pragma once
// stencil3d as code written once for every pattern sees it (the command line, the bench, the
// tests): its types, and thin forwards to kernels/stencil3d/'s own functions.
#include "kernels/common/pattern_traits.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

struct Stencil3dPattern : PatternTraits<Stencil3dStrategy, kStencil3dStrategyCount> {
  using Params = Stencil3dParams;
  using Engine = Stencil3dEngine;
  using Book = Stencil3dModel;   // the book's OP/B, its bound, the tile's halo
  using Count = Stencil3dCount;  // the exact count over the whole grid
  using Launch = Stencil3dLaunch;

  static constexpr std::string_view name() { return "stencil3d"; }
  static int default_tile(const Params& p) { return tilescope::default_tile(p.strategy, p.order); }

  static Launch launch(const Params& p) { return stencil3d_launch(p); }
  static Book book(const Params& p) { return stencil3d_model(p); }
  static Count count(const Params& p) { return stencil3d_count(p); }
  static std::optional<std::string> problem(const Params& p, const DeviceLimits& limits = {}) {
    return stencil3d_problem(p, limits);
  }
  static void validate(const Params& p, const DeviceLimits& limits = {}) { validate_stencil3d(p, limits); }
  static std::unique_ptr<Engine> make_engine(const Backend& b) { return b.make_stencil3d_engine(); }
};

}  // namespace tilescope
