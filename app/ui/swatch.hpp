#pragma once
// One legend line: a colour swatch (hatched for ghost cells) and its name.
#include "app/view/palette.hpp"

namespace tilescope {

void swatch(const palette::Swatch& s, bool hatched = false);

}  // namespace tilescope
