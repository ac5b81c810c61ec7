#pragma once
// What a frame of the shown view asks of the machine: its pattern's frame_work (app/ui/frame_cost.hpp).
#include "app/shell/ui_state.hpp"
#include "app/ui/frame_cost.hpp"

namespace tilescope {

// Every compare pane's launch and picture counted.
FrameWork frame_work(const UiState& s);

}  // namespace tilescope
