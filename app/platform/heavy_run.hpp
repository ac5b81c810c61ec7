#pragma once
// Before a headless run (shot, record) the shown view's work over its frames (app/ui/frame_cost.hpp):
// heavy settings are said on stderr, as the window shows them over the view, and a run estimated
// over kAskAboveSeconds is refused in one line unless the user said --yes (ShotOptions::yes).
#include "app/platform/run.hpp"

namespace tilescope {

inline constexpr double kAskAboveSeconds = 180;  // a few minutes

// `frames` frames of `state`: the first a configuration's first, the others running ones where
// `running` (else the view only draws), each drawing the window and, for `record`, encoding it.
// Throws InvalidInput (naming --yes) when that comes to more than kAskAboveSeconds and not o.yes.
void check_heavy_run(const UiState& state, const ShotOptions& o, int frames, bool running, bool record);

}  // namespace tilescope
