#pragma once
// A pattern as code written once for every pattern sees it (the command line, the bench, the
// tests): kernels/<p>/pattern.hpp derives its trait from PatternTraits<its Params, its Engine, the
// backend's factory for it> and adds only its name. Each pattern's folder overloads the same names
// on its Params, so the trait is the same for all: launch_geometry(p), book_model(p),
// exact_traffic(p) (model.hpp), launch_problem(p, limits) and validate_launch(p, limits).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "kernels/common/backend.hpp"
#include "kernels/common/strategy_table.hpp"

namespace tilescope {

template <typename P, typename E, std::unique_ptr<E> (Backend::*MakeEngine)() const>
struct PatternTraits {
  using Params = P;
  using Engine = E;
  using Strategy = decltype(P::strategy);
  using StrategyInfo = tilescope::StrategyInfo<Strategy>;
  using Launch = decltype(launch_geometry(std::declval<const P&>()));
  using Book = decltype(book_model(std::declval<const P&>()));      // the book's OP/B for one tile
  using Count = decltype(exact_traffic(std::declval<const P&>()));  // the exact count over the whole data

  static StrategyTable<Strategy> strategies() { return strategy_table<Strategy>(); }
  static const StrategyInfo& info(Strategy s) { return strategy_info(s); }
  static std::optional<Strategy> parse_strategy(std::string_view n) { return tilescope::parse_strategy<Strategy>(n); }
  static const char* strategy_names() { return tilescope::strategy_names<Strategy>().c_str(); }

  static Launch launch(const P& p) { return launch_geometry(p); }
  static Book book(const P& p) { return book_model(p); }
  static Count count(const P& p) { return exact_traffic(p); }
  static std::optional<std::string> problem(const P& p, const DeviceLimits& limits = {}) {
    return launch_problem(p, limits);
  }
  static void validate(const P& p, const DeviceLimits& limits = {}) { validate_launch(p, limits); }
  static std::unique_ptr<E> make_engine(const Backend& b) { return (b.*MakeEngine)(); }
};

}  // namespace tilescope
