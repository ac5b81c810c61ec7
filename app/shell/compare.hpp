#pragma once
// Compare (issue 17): 2-4 strategies of the shown pattern side by side, by name (UiState::compare).
// What a pane's state is (the app's with the pane's strategy), the default set the `c` key shows
// and the check the command line and scenes make; the panes themselves are app/shell/compare_panes.hpp.
#include <optional>
#include <string>
#include <vector>

#include "app/shell/ui_state.hpp"
#include "app/ui/strategy_switch.hpp"

namespace tilescope {

inline constexpr int kMinComparePanes = 2, kMaxComparePanes = 4;

// Why `names` cannot be compared in pattern `pattern` (not 2..4 of them, or one is not its strategy).
std::optional<std::string> compare_problem(int pattern, const std::vector<std::string>& names);
// The set `c` shows: the pattern's default_compare (its trait).
std::vector<std::string> default_compare(int pattern);
// `c`: the default set of the shown pattern, or off.
void toggle_compare(UiState& s);

// Every strategy of pattern `pattern` by name, in its table's (the book's) order.
std::vector<std::string> strategy_list(int pattern);
std::string strategy_name(const UiState& s);  // the shown pattern's strategy, by name
// Switches the shown pattern to strategy `name` (one it has): see app/ui/strategy_switch.hpp.
void use_strategy(UiState& s, const std::string& name);
// The state as strategy `name` runs in it: s after use_strategy(name).
UiState with_strategy(const UiState& s, const std::string& name);

}  // namespace tilescope
