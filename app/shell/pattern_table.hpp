#pragma once
// The patterns the app shows, in one order: the selector's, `p`'s, settings.json's and the
// command line's. Everything of the app that is about every pattern (settings, scenes, compare,
// shot and record, the sidebar) loops over this table and names no pattern. A pattern's row is its
// trait, app/<pattern>/app_pattern.hpp; adding a pattern is its folders, its line in CMake's
// TILESCOPE_PATTERNS and its row here (and in app/commands/cli_patterns.cpp for the commands).
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "app/conv1d/app_pattern.hpp"
#include "app/conv2d/app_pattern.hpp"
#include "app/matmul/app_pattern.hpp"
#include "app/stencil3d/app_pattern.hpp"

namespace tilescope {

using AppPatterns = std::tuple<Conv2dApp, Stencil3dApp, Conv1dApp, MatmulApp>;

inline constexpr int kPatternCount = int(std::tuple_size_v<AppPatterns>);

// Every pattern's settings, in the table's order (UiState holds them).
template <class Table>
struct UisOf;
template <class... Apps>
struct UisOf<std::tuple<Apps...>> {
  using type = std::tuple<typename Apps::Ui...>;
};
using PatternUis = UisOf<AppPatterns>::type;

// f(App{}) for every pattern's trait, in the table's order.
template <class F>
void for_each_pattern(F&& f) {
  std::apply([&](auto... apps) { (f(apps), ...); }, AppPatterns{});
}

// f(App{}) for the trait of pattern `index` (0 <= index < kPatternCount); returns what f returns.
template <class F, std::size_t I = 0>
decltype(auto) with_pattern(int index, F&& f) {
  if constexpr (I + 1 < std::tuple_size_v<AppPatterns>)
    if (index != int(I)) return with_pattern<F, I + 1>(index, std::forward<F>(f));
  return f(std::tuple_element_t<I, AppPatterns>{});
}

// The index of trait App in the table.
template <class App, std::size_t I = 0>
constexpr int pattern_index_of() {
  if constexpr (std::is_same_v<App, std::tuple_element_t<I, AppPatterns>>)
    return int(I);
  else
    return pattern_index_of<App, I + 1>();
}

// The pattern's name: "conv2d", as the command line and the state files say it.
template <class App>
std::string pattern_id() {
  return std::string(App::name());
}
const char* const* pattern_ids();          // every pattern's name, in the table's order
const char* const* pattern_labels();       // "2D convolution (PMPP ch 7)", ...: the selector's
int pattern_index(const std::string& id);  // -1 when no pattern has that name

}  // namespace tilescope
