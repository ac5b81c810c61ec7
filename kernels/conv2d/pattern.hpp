#pragma once
// conv2d as code written once for every pattern sees it (the command line, the bench, the tests):
// its types, and thin forwards to kernels/conv2d/'s own functions.
#include "kernels/common/pattern_traits.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

struct Conv2dPattern : PatternTraits<Conv2dStrategy, kConv2dStrategyCount> {
  using Params = Conv2dParams;
  using Engine = Conv2dEngine;
  using Book = BookModel;      // interior block's OP/B, its bound, the L2-halo figure
  using Count = TrafficCount;  // the exact count over the whole image
  using Launch = LaunchGeometry;

  static constexpr std::string_view name() { return "conv2d"; }
  static int default_tile(const Params& p) { return tilescope::default_tile(p.strategy, p.filter_radius); }

  static Launch launch(const Params& p) { return launch_geometry(p); }
  static Book book(const Params& p) { return book_model(p); }
  static Count count(const Params& p) { return exact_traffic(p); }
  static std::optional<std::string> problem(const Params& p, const DeviceLimits& limits = {}) {
    return conv2d_problem(p, limits);
  }
  static void validate(const Params& p, const DeviceLimits& limits = {}) { validate_conv2d(p, limits); }
  static std::unique_ptr<Engine> make_engine(const Backend& b) { return b.make_conv2d_engine(); }
};

}  // namespace tilescope
