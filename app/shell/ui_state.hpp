#pragma once
// Everything the user can set, as one plain struct: what every view shares (CommonState), each
// pattern's own settings (the table's Uis), which pattern is shown and the compare set. Plus the
// pure logic that changes it (keys, clamps); panels are free functions of it; nothing here touches
// a window.
#include <string>
#include <tuple>
#include <vector>

#include "app/shell/pattern_table.hpp"
#include "app/ui/common_state.hpp"

namespace tilescope {

// The Exercises panel's work (app/shell/exercise_panel.hpp): the exercise shown, its seed, the answer
// typed and whether it was checked; settings.json keeps the exercise, the seed and those solved.
struct ExerciseProgress {
  std::string current;  // an exercise's id; empty: none shown
  long long seed = 1;
  std::string answer;  // as typed (a choice's name; a locate's X,Y, or empty: the pinned cell)
  bool checked = false;
  std::vector<std::string> solved;  // ids answered right (at some seed)
};

struct UiState : CommonState {
  int pattern = 0;                   // the shown pattern: its index in the table (app/shell/pattern_table.hpp)
  PatternUis uis;                    // every pattern's settings, in the table's order
  std::vector<std::string> compare;  // the shown pattern's strategies side by side (app/shell/compare.hpp); empty: one
  ExerciseProgress exercises;

  template <class Ui>
  Ui& ui() {
    return std::get<Ui>(uis);
  }
  template <class Ui>
  const Ui& ui() const {
    return std::get<Ui>(uis);
  }
  // f(App{}, the shown pattern's settings) for the shown pattern's trait App; returns what f returns.
  template <class F>
  decltype(auto) with_shown(F&& f) {
    return with_pattern(pattern, [&](auto app) -> decltype(auto) { return f(app, ui<typename decltype(app)::Ui>()); });
  }
  template <class F>
  decltype(auto) with_shown(F&& f) const {
    return with_pattern(pattern, [&](auto app) -> decltype(auto) { return f(app, ui<typename decltype(app)::Ui>()); });
  }
};

// The app's keys (as typed characters): the common ones (app/ui/common_state.hpp), p next pattern,
// c compare strategies, then the shown pattern's (its apply_key). Returns whether it was one.
bool apply_key(UiState& s, unsigned int ch);
// Keeps every pattern's settings inside what its kernels and view support (each pattern's clamp).
void clamp(UiState& s);
// Whether the shown pattern runs a deliberately wrong kernel (its output must stay on screen).
bool broken_on_purpose(const UiState& s);
// The app's FILE or a dropped file: the first pattern that opens files shows it.
void open_file(UiState& s, const std::string& path);

}  // namespace tilescope
