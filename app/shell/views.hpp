#pragma once
// Every pattern's view, by its index in the table: the App's, and the compare panes'.
#include <memory>

#include "app/shell/ui_state.hpp"
#include "app/ui/pattern_view.hpp"

namespace tilescope {

// The view of pattern `pattern` over `state` (which it reads and sets: it must outlive the view).
inline std::unique_ptr<PatternView> make_view(UiState& state, int pattern) {
  return with_pattern(pattern, [&](auto app) {
    using App = decltype(app);
    return App::make_view(state, state.ui<typename App::Ui>());
  });
}

}  // namespace tilescope
