#pragma once
// Every pattern's view, by pattern: the App's, and the compare panes' (app/compare_panes.hpp).
#include <memory>

#include "app/pattern_view.hpp"

namespace tilescope {

// The view of `pattern` over `state` (which it reads and sets: it must outlive the view).
std::unique_ptr<PatternView> make_view(Pattern pattern, UiState& state);

}  // namespace tilescope
