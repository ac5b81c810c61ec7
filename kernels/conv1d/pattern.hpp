#pragma once
// conv1d as code written once for every pattern sees it (the command line, the bench, the tests):
// its types, and thin forwards to kernels/conv1d/'s own functions.
#include "kernels/common/pattern_traits.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

struct Conv1dPattern : PatternTraits<Conv1dStrategy, kConv1dStrategyCount> {
  using Params = Conv1dParams;
  using Engine = Conv1dEngine;
  using Book = BookModel;      // interior block's OP/B and its bound
  using Count = TrafficCount;  // the exact count over the whole signal
  using Launch = LaunchGeometry;

  static constexpr std::string_view name() { return "conv1d"; }

  static Launch launch(const Params& p) { return launch_geometry(p); }
  static Book book(const Params& p) { return book_model(p); }
  static Count count(const Params& p) { return exact_traffic(p); }
  static std::optional<std::string> problem(const Params& p, const DeviceLimits& limits = {}) {
    return conv1d_problem(p, limits);
  }
  static void validate(const Params& p, const DeviceLimits& limits = {}) { validate_conv1d(p, limits); }
  static std::unique_ptr<Engine> make_engine(const Backend& b) { return b.make_conv1d_engine(); }
};

}  // namespace tilescope
