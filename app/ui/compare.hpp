#pragma once
// Compare (issue 17): 2-4 strategies of the current pattern side by side, by name (UiState::compare).
// What a pane's state is (the app's with the pane's strategy), the default set the `c` key shows
// and the check the command line and scenes make; the panes themselves are app/compare_panes.hpp.
#include <optional>
#include <string>
#include <vector>

#include "app/ui/ui_state.hpp"

namespace tilescope {

inline constexpr int kMinComparePanes = 2, kMaxComparePanes = 4;

// Why `names` cannot be compared in `pattern` (not 2..4 of them, or one is not its strategy).
std::optional<std::string> compare_problem(Pattern pattern, const std::vector<std::string>& names);
// The set `c` shows: conv2d basic, tiled_in, tiled_out, cached_halo; stencil3d basic, tiled,
// coarsened, register_tiled; conv1d basic, const_mem, tiled, cached_halo; matmul naive, tiled.
std::vector<std::string> default_compare(Pattern pattern);
// `c`: the default set of the current pattern, or off.
void toggle_compare(UiState& s);

// Every strategy of `pattern` by name, in its table's (the book's) order.
std::vector<std::string> strategy_list(Pattern pattern);
std::string strategy_name(const UiState& s);  // the current pattern's strategy, by name
// Switches the current pattern to strategy `name` (one it has): a strategy whose default tile
// differs (conv2d fast, stencil3d tiled, ...) or that cannot run the current tile takes its own
// default tile; conv2d's break goes where the strategy cannot break.
void use_strategy(UiState& s, const std::string& name);
// The state as strategy `name` runs in it: s after use_strategy(name).
UiState with_strategy(const UiState& s, const std::string& name);

}  // namespace tilescope
