#pragma once
// One legend line: a colour sample (hatched where the view hatches it) and its name.
#include "app/view/palette.hpp"

namespace tilescope {

void legend_swatch(const palette::Swatch& s, bool hatched = false);

}  // namespace tilescope
