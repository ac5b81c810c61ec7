#pragma once
// One legend line: a colour swatch (hatched for ghost cells) and its name.
#include <imgui.h>

#include "app/view/palette.hpp"
#include "kernels/common/breaks.hpp"

namespace tilescope {

void swatch(const palette::Swatch& s, bool hatched = false);

// Break it (issue 18): the legend's lines for `bug` where it runs on p (not none, and p can run and
// can have it: its pattern's launch_problem and break_problem): the damaged outputs' swatch, the
// bug and what it does. Returns whether it drew them.
template <typename Params>
bool break_legend(const Params& p, Break bug) {
  if (bug == Break::none || launch_problem(p) || break_problem(p.strategy, bug)) return false;
  swatch(palette::kDamaged);
  ImGui::Text("broken: %s", break_info(bug).name.data());
  ImGui::TextDisabled("%s", break_info(bug).what.data());
  return true;
}

}  // namespace tilescope
