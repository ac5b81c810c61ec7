#pragma once
// Every pattern's strategies are rows of one table: StrategyInfo<Strategy>. A pattern's
// strategies.md says what each strategy is (kernels/common/strategy_catalogue.hpp); its
// strategies.cpp defines strategy_rows(Strategy) from it; the lookups below (table, info, parse,
// names, default tile) are written once for all patterns.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/common/strategy_catalogue.hpp"

namespace tilescope {

template <typename Strategy>
struct StrategyInfo {
  Strategy id;
  std::string name;          // command-line id, e.g. "cached_halo"
  std::string display_name;  // e.g. "Tiled, halo through L2"
  std::string book_ref;      // e.g. "PMPP Fig 7.15"
  std::string explanation;   // for the UI and --help; no timings (see bench/results)
  bool filter_in_constant_memory = false;
  int default_tile = 0;  // --tile when none is given (the app's reset too)
  int max_radius = 0;    // the largest filter radius / stencil order it runs (0: the pattern has none)
  // Where the default tile depends on the radius (conv2d's sliding): that tile; else null.
  int (*default_tile_at_radius)(int radius) = nullptr;
  // Why it has no step-through, e.g. "computes 8 outputs per thread from registers"; empty: it has one.
  std::string no_steps = {};
};

// A pattern's rows in book order (the enum's order: rows[int(s)].id == s).
template <typename Strategy>
struct StrategyTable {
  const StrategyInfo<Strategy>* rows;
  int count;

  const StrategyInfo<Strategy>* begin() const { return rows; }
  const StrategyInfo<Strategy>* end() const { return rows + count; }
  int size() const { return count; }
  const StrategyInfo<Strategy>& operator[](int i) const { return rows[i]; }
};

// A pattern's rows from its catalogue: one per enumerator, in order, each running filters (or
// orders) up to max_radius. Throws std::logic_error when the catalogue does not list `count`.
template <typename Strategy>
std::vector<StrategyInfo<Strategy>> read_strategy_rows(std::string_view catalogue, int count, int max_radius) {
  std::vector<StrategyInfo<Strategy>> rows;
  for (CatalogueEntry& e : read_strategy_catalogue(catalogue)) {
    rows.push_back({static_cast<Strategy>(rows.size()), std::move(e.name), std::move(e.display_name),
                    std::move(e.book_ref), std::move(e.explanation), e.filter_in_constant_memory, e.default_tile,
                    max_radius});
    rows.back().no_steps = std::move(e.no_steps);
  }
  if (int(rows.size()) != count)
    throw std::logic_error("a strategy catalogue lists " + std::to_string(rows.size()) + " strategies, the enum " +
                           std::to_string(count));
  return rows;
}

// A pattern's table: each pattern declares `std::vector<StrategyInfo<S>> strategy_rows(S)` in its
// strategies.hpp and defines it in strategies.cpp; argument-dependent lookup finds it from the
// enum. Read once, on first use.
template <typename Strategy>
StrategyTable<Strategy> strategy_table() {
  static const std::vector<StrategyInfo<Strategy>> rows = strategy_rows(Strategy{});
  return {rows.data(), int(rows.size())};
}

template <typename Strategy>
const StrategyInfo<Strategy>& strategy_info(Strategy s) {
  return strategy_table<Strategy>()[static_cast<int>(s)];
}

template <typename Strategy>
std::optional<Strategy> parse_strategy(std::string_view name) {
  for (const auto& info : strategy_table<Strategy>())
    if (info.name == name) return info.id;
  return std::nullopt;
}

// "basic, const_mem, ..." for messages, from the table.
template <typename Strategy>
const std::string& strategy_names() {
  static const std::string names = [] {
    std::string s;
    for (const auto& info : strategy_table<Strategy>()) s += (s.empty() ? "" : ", ") + std::string(info.name);
    return s;
  }();
  return names;
}

// Why a strategy has no step-through (kernels/<pattern>/steps.hpp): its catalogue's reason, and
// the strategies the step-through covers; nullopt for those it covers.
template <typename Strategy>
std::optional<std::string> steps_problem(Strategy s) {
  const StrategyInfo<Strategy>& info = strategy_info(s);
  if (info.no_steps.empty()) return std::nullopt;
  std::string covered;
  for (const auto& row : strategy_table<Strategy>())
    if (row.no_steps.empty()) covered += (covered.empty() ? "" : ", ") + row.name;
  return info.name + " " + info.no_steps + "; the step-through covers the book's strategies (" + covered + ")";
}

// The tile a strategy runs with at radius (or order) r when the user names none: the CLI's --tile,
// the app's reset.
template <typename Strategy>
int default_tile(Strategy s, int r) {
  const StrategyInfo<Strategy>& info = strategy_info(s);
  return info.default_tile_at_radius ? info.default_tile_at_radius(r) : info.default_tile;
}

}  // namespace tilescope
