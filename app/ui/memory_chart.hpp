#pragma once
// What the memory system did with one launch, beside what the book assumes (issue 16): the OP/B
// from DRAM as the GPU's counters measured it, the L1 and L2 hit rates, shared-memory bank
// conflicts, and a chart of the bytes the kernel's global loads asked for, the bytes that missed L1
// and went to L2, and the bytes read from DRAM, each level's measured bar under its model or count.
#include "app/ui/hud.hpp"

namespace tilescope {

// The OP/B panels' measured section for the figures f (the meter's reading attached, or why there
// is none), then whether the app measures each new launch, and a request to measure again.
void measured_traffic_section(const HudFigures& f, bool& measure, bool& measure_again);

}  // namespace tilescope
