#pragma once
// What every pattern trait (kernels/<p>/pattern.hpp) has alike: its strategies, from the
// strategy table. A trait derives from PatternTraits<its Strategy, its strategy count> and
// writes only what differs: its types and forwards to its own functions.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "kernels/common/backend.hpp"
#include "kernels/common/strategy_table.hpp"

namespace tilescope {

template <typename S, int Count>
struct PatternTraits {
  using Strategy = S;
  using StrategyInfo = tilescope::StrategyInfo<S>;

  static constexpr int strategy_count = Count;
  static StrategyTable<S> strategies() { return strategy_table<S>(); }
  static const StrategyInfo& info(S s) { return strategy_info(s); }
  static std::optional<S> parse_strategy(std::string_view n) { return tilescope::parse_strategy<S>(n); }
  static const char* strategy_names() { return tilescope::strategy_names<S>().c_str(); }
};

}  // namespace tilescope
