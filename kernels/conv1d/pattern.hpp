#pragma once
// conv1d as code written once for every pattern sees it (the command line, the bench, the tests):
// its types, and thin forwards to kernels/conv1d/'s own functions.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "kernels/common/backend.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

struct Conv1dPattern {
  using Params = Conv1dParams;
  using Strategy = Conv1dStrategy;
  using StrategyInfo = tilescope::StrategyInfo<Conv1dStrategy>;
  using Engine = Conv1dEngine;
  using Book = BookModel;       // interior block's OP/B and its bound
  using Count = TrafficCount;   // the exact count over the whole signal
  using Launch = LaunchGeometry;

  static constexpr std::string_view name() { return "conv1d"; }
  static constexpr int strategy_count = kConv1dStrategyCount;
  static StrategyTable<Conv1dStrategy> strategies() { return strategy_table<Conv1dStrategy>(); }
  static const StrategyInfo& info(Strategy s) { return strategy_info(s); }
  static std::optional<Strategy> parse_strategy(std::string_view n) { return tilescope::parse_strategy<Conv1dStrategy>(n); }
  static const char* strategy_names() { return tilescope::strategy_names<Conv1dStrategy>().c_str(); }

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
