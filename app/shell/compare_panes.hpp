#pragma once
// Compare (issue 17; `c`, shot --compare): 2-4 strategies of the current pattern side by side, in a
// 1x2 or 2x2 grid of the view, each pane running its own kernel on the same data every frame. The
// first pane is the App's own view, whose state is the app's (the sidebar shows it); each other
// pane has its own view over a copy of the app's state with its strategy (app/ui/compare.hpp). The
// pane under the pointer takes the mouse; its hover, pin, zoom and centre go to the others.
#include <memory>
#include <string>
#include <vector>

#include "app/shell/ui_state.hpp"
#include "app/ui/pattern_view.hpp"

namespace tilescope {

// The cells of `data` for n panes: side by side for 2, a 2x2 grid (row by row) for 3 or 4.
std::vector<Rect> compare_cells(const Rect& data, int n);

class ComparePanes {
 public:
  // Before the views run. A new compare set (from `c`, a scene, the command line) makes the app's
  // strategy its first; otherwise the first follows the app's strategy (the sidebar, the keys). A
  // set that is not the pattern's (the pattern changed) becomes the pattern's default set. True
  // when the other panes were built anew: then the App restarts its own view too, so that every
  // pane starts from the same data (the demo's clock, the heat simulation).
  bool follow(UiState& app);
  // Runs and draws every pane in its cell of `data`; `first` is the App's view.
  void frame(UiState& app, PatternView& first, const Rect& data, float display_w, float display_h, float fb_scale,
             double dt);
  // Every pane's frame and HUD (when on), and the last pane's legend (under its HUD; no inspector).
  void windows(const UiState& app, PatternView& first, const Rect& data);
  std::vector<PatternView*> views(PatternView& first);  // every pane's, from `first`
  // The panes' ladder, in the sidebar: each pane's strategy, OP/B as the book models it and as
  // counted, its last kernel time, and that time against a copy of the same bytes.
  void ladder(PatternView& first);

 private:
  struct Pane {
    UiState state;
    std::unique_ptr<PatternView> view;  // over `state`: a Pane stays where it was made
  };
  PatternView& view(PatternView& first, int i) { return i == 0 ? first : *others_[std::size_t(i) - 1]->view; }

  std::vector<std::unique_ptr<Pane>> others_;  // the panes after the first
  int pattern_ = 0;                            // the panes' pattern (its index in the table)
  std::vector<std::string> set_;               // the set they show
  int active_ = 0;                             // the pane that takes the mouse
};

}  // namespace tilescope
