#pragma once
// One step of a block's timeline (kernels/common/block_steps.hpp) drawn over the view: the
// shared slots stored so far (bright when stored in this step, the writer's threadIdx where
// cells are large enough, ghost zeros hatched), the threads working (framed; the load-only ring
// in its colour) or idle (greyed), the barrier as a wait line across the block, and a caption.
// Where a thread or a slot sits is the pattern's geometry, passed in.
#include <imgui.h>

#include <functional>
#include <string>

#include "app/view/cell_rect.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/common/block_steps.hpp"

namespace tilescope {

struct BlockStepCells {
  std::function<CellRect(int tx, int ty)> thread;  // the cell a thread stands for (empty: not drawn)
  // The cell shared slot (sx, sy) holds while it holds write f; empty: not drawn (another slice).
  std::function<CellRect(int sx, int sy, const SlotFill& f)> slot;
  std::function<bool(int tx, int ty)> load_only;  // a thread that never computes (Fig 7.12's ring)
  CellRect block;                                 // what the barrier line spans
};

void draw_block_step(ImDrawList* dl, const ViewTransform& xf, const BlockTimeline& tl, int step,
                     const BlockStepCells& cells, float line);
// "step 3 of 0..8: compute, ..." and the block's counts so far, in a box whose bottom-left corner
// is `bottom` pixels above the view's bottom-left corner; `note`, when given, a last line.
void draw_step_caption(ImDrawList* dl, const ViewTransform& xf, const BlockTimeline& tl, int step, float bottom = 0,
                       const std::string& note = {});

}  // namespace tilescope
