#pragma once
// conv1d's step-through in the shared-memory lane: the upper part holds block b's slots as the
// step leaves them (with the thread that stored each), the lower part its threads, each under the
// element it computes. From the timeline (kernels/conv1d/steps.hpp) and the launch geometry.
#include <imgui.h>

#include <functional>

#include "app/conv1d/view.hpp"
#include "app/view/step_draw.hpp"
#include "kernels/common/block_steps.hpp"

namespace tilescope {

// `sx`: the screen x of element index i (the view's mapping). Returns the screen box it drew within (the
// block's part of the lane, and a barrier step's label below it).
ScreenBox draw_conv1d_step(ImDrawList* dl, const Conv1dParams& p, const BlockTimeline& tl, int step, int b,
                           const Conv1dLanes& lanes, const std::function<float(float)>& sx, float line);

}  // namespace tilescope
