#include "app/conv1d/step_overlay.hpp"

#include "app/view/step_draw.hpp"
#include "kernels/conv1d/geometry.hpp"

namespace tilescope {

ScreenBox draw_conv1d_step(ImDrawList* dl, const Conv1dParams& p, const BlockTimeline& tl, int step, int b,
                           const Conv1dLanes& lanes, const std::function<float(float)>& sx, float line) {
  const Conv1dTiling g = tiling_of(p);
  const float h = lanes.sh1 - lanes.sh0, split = lanes.sh0 + 0.62f * h;
  auto element = [&](int i, float y0, float y1) { return ScreenBox{{sx(float(i)), y0}, {sx(float(i + 1)), y1}}; };
  BlockStepCells cells;
  cells.slot = [&](int s, int, const SlotFill&) { return element(g.shared_coord(b, s), lanes.sh0 + 2, split); };
  cells.thread = [&](int t, int) { return element(g.out_coord(b, t), split + 2, lanes.sh1 - 2); };
  cells.load_only = [](int, int) { return false; };  // every conv1d thread computes
  const int first = g.uses_shared() ? g.shared_coord(b, 0) : g.out_coord(b, 0);
  const int end = g.uses_shared() ? g.shared_coord(b, g.shared_dim()) : g.out_coord(b, tl.threads_x);
  cells.block = {{sx(float(first)), lanes.sh0}, {sx(float(end)), lanes.sh1}};
  return draw_block_step(dl, tl, step, cells, line);
}

}  // namespace tilescope
