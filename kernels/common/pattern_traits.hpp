#pragma once
// A pattern as code written once for every pattern sees it (the command line, the bench, the
// tests, the app): kernels/<p>/pattern.hpp derives its trait from PatternTraits<itself, its Params,
// its Engine> and adds its name and its engines' factories (make_cpu_engine, make_cuda_engine). Each pattern's folder
// overloads the same names on its Params, so the trait is the same for all: launch_geometry(p), book_model(p),
// exact_traffic(p) (model.hpp), launch_problem(p, limits) and validate_launch(p, limits).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "kernels/common/backend.hpp"
#include "kernels/common/strategy_table.hpp"

namespace tilescope {

template <typename Derived, typename P, typename E>
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
  // The pattern's engine computing on `b`: its CUDA engine for the backend's device, or its CPU engine.
  // A build without CUDA never names the CUDA factory (it is inline and not called there).
  static std::unique_ptr<E> make_engine([[maybe_unused]] const Backend& b) {
#ifdef TILESCOPE_HAVE_CUDA
    if (b.name() == "cuda") return Derived::make_cuda_engine(b.limits());
#endif
    return Derived::make_cpu_engine();
  }
};

}  // namespace tilescope
