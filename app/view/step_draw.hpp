#pragma once
// One step of a block's timeline (kernels/common/block_steps.hpp) drawn over a view: the shared
// slots stored so far (bright when stored in this step, the writer's threadIdx where boxes are
// large enough, ghost zeros hatched), the threads working (framed; the load-only ring in its
// colour) or idle (greyed), the barrier as a wait line under the block, and a caption. Where a
// thread or a slot is drawn is the pattern's geometry, passed in as screen boxes.
#include <imgui.h>

#include <algorithm>
#include <functional>
#include <string>

#include "app/view/cell_rect.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/common/block_steps.hpp"

namespace tilescope {

struct ScreenBox {
  ImVec2 a{0, 0}, b{0, 0};  // top left, bottom right
  bool empty() const { return !(a.x < b.x && a.y < b.y); }
};
// The screen box of cells c under xf (an empty c gives an empty box).
ScreenBox screen_box(const ViewTransform& xf, CellRect c);

struct BlockStepCells {
  std::function<ScreenBox(int tx, int ty)> thread;  // where a thread is drawn (empty: not drawn)
  // Where shared slot (sx, sy) is drawn while it holds write f (empty: not drawn, e.g. another slice).
  std::function<ScreenBox(int sx, int sy, const SlotFill& f)> slot;
  std::function<bool(int tx, int ty)> load_only;  // a thread that never computes (Fig 7.12's ring)
  ScreenBox block;                                // the barrier line runs under it
};

// Returns the screen box it drew within: the block's, and below it the barrier's label on a barrier step.
ScreenBox draw_block_step(ImDrawList* dl, const BlockTimeline& tl, int step, const BlockStepCells& cells, float line);
// The smallest box holding both (an empty one holds nothing).
ScreenBox united(const ScreenBox& p, const ScreenBox& q);
// The part of b inside r (empty where none is).
ScreenBox clipped(const ScreenBox& b, const Rect& r);
// Whether the two share a pixel (an empty one shares none).
bool overlaps(const ScreenBox& p, const ScreenBox& q);
// "step 3 of 0..8: compute, ..." and the block's counts so far, in a box whose bottom-left corner
// is `bottom` pixels above the view's bottom-left corner; `note`, when given, a last line. Returns
// the box's top edge (screen y): a window anchored at the view's bottom goes above it.
// Where the caption leaves the stepped block (`keep`, its screen box; empty: none) in sight, it
// moves as step_caption_place says.
float draw_step_caption(ImDrawList* dl, const Rect& view, const BlockTimeline& tl, int step, float bottom = 0,
                        const std::string& note = {}, const ScreenBox& keep = {});

// The step caption's box on screen and its wrap width, for `text` in the current font: at the view's
// bottom-left, `bottom` pixels up, wrapped at 0.55 of the view's width; where that box would reach
// over `keep`, wrapped at the view's whole width (fewer lines, so lower) if that box clears it.
struct StepCaptionPlace {
  ScreenBox box;
  float wrap;
};
StepCaptionPlace step_caption_place(const Rect& view, const std::string& text, float bottom, const ScreenBox& keep);
inline constexpr float kCaptionPad = 8;  // screen pixels around the caption's text

// The bottom edge for a window anchored at `bottom` that must stay above a step caption whose top
// edge is `caption_top` (0: no caption this frame).
inline float above_step_caption(float bottom, float caption_top) {
  return caption_top > 0 ? std::min(bottom, caption_top - 10) : bottom;
}

}  // namespace tilescope
