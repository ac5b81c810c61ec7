#pragma once
// conv2d as code written once for every pattern sees it (the command line, the bench, the tests):
// its types, and thin forwards to kernels/conv2d/'s own functions.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "kernels/common/backend.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

struct Conv2dPattern {
  using Params = Conv2dParams;
  using Strategy = Conv2dStrategy;
  using StrategyInfo = tilescope::StrategyInfo<Conv2dStrategy>;
  using Engine = Conv2dEngine;
  using Book = BookModel;      // interior block's OP/B, its bound, the L2-halo figure
  using Count = TrafficCount;  // the exact count over the whole image
  using Launch = LaunchGeometry;

  static constexpr std::string_view name() { return "conv2d"; }
  static constexpr int strategy_count = kConv2dStrategyCount;
  static StrategyTable<Conv2dStrategy> strategies() { return strategy_table<Conv2dStrategy>(); }
  static const StrategyInfo& info(Strategy s) { return strategy_info(s); }
  static std::optional<Strategy> parse_strategy(std::string_view n) { return tilescope::parse_strategy<Conv2dStrategy>(n); }
  static const char* strategy_names() { return tilescope::strategy_names<Conv2dStrategy>().c_str(); }
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
