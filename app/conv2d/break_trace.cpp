#include "app/conv2d/break_trace.hpp"

#include <imgui.h>

#include "kernels/conv2d/broken.hpp"

namespace tilescope {
namespace {

void ring_store_note() {
  ImGui::TextDisabled("the input it loaded, after this pixel's own thread stored (the race's worst order);");
  ImGui::TextDisabled("where the input is flat that equals the right output, so no colour shows");
}

// idle_threads_write: a load-only thread whose slot is output pixel `focus`, in a block beside the
// one that owns it (along x in the owner's block row, or along y in its block column).
void trace_ring_store(const BrokenLaunch& k, Pixel focus) {
  const int bx = k.gx.block_of(focus.x), by = k.gy.block_of(focus.y);
  const int tx = k.gx.thread_of(focus.x), ty = k.gy.thread_of(focus.y);
  for (int b = 0; b < k.gx.grid_dim(k.width); ++b)
    if (const int s = focus.x - k.gx.shared_origin(b); in_range(s, k.gx.block_dim()) && !k.gx.computes(s)) {
      ImGui::Text("threadIdx (%d, %d) of blockIdx (%d, %d) only loads, yet stores", s, ty, b, by);
      ring_store_note();
      return;
    }
  for (int b = 0; b < k.gy.grid_dim(k.height); ++b)
    if (const int s = focus.y - k.gy.shared_origin(b); in_range(s, k.gy.block_dim()) && !k.gy.computes(s)) {
      ImGui::Text("threadIdx (%d, %d) of blockIdx (%d, %d) only loads, yet stores", tx, s, bx, b);
      ring_store_note();
      return;
    }
  ImGui::TextDisabled("no load-only thread's slot lies on this pixel: intact");
}

}  // namespace

void break_trace(const Conv2dParams& p, Break bug, Pixel focus) {
  const BrokenLaunch k{tiling_of(p, 0), tiling_of(p, 1), p.width, p.height, bug};
  ImGui::Separator();
  ImGui::Text("broken: %s", break_info(bug).name.data());
  if (bug == Break::idle_threads_write) return trace_ring_store(k, focus);
  const int bx = k.gx.block_of(focus.x), by = k.gy.block_of(focus.y);
  const int tx = k.gx.thread_of(focus.x), ty = k.gy.thread_of(focus.y), r = p.filter_radius, D = p.filter_dim();
  int faulty = 0, first_sx = 0, first_sy = 0;
  SlotFault first = SlotFault::none;
  for (int sy = ty - r; sy <= ty + r; ++sy)
    for (int sx = tx - r; sx <= tx + r; ++sx)
      if (const SlotFault f = slot_fault(k, bx, by, tx, ty, sx, sy); f != SlotFault::none) {
        if (faulty++ == 0) first = f, first_sx = sx, first_sy = sy;
      }
  if (faulty == 0) {
    ImGui::TextDisabled("all %d taps read slots that hold the right value: intact", D * D);
    return;
  }
  const int x = k.gx.shared_origin(bx) + first_sx, y = k.gy.shared_origin(by) + first_sy;
  ImGui::Text("%d of its %d taps read a wrong slot; the first:", faulty, D * D);
  ImGui::Text("tap (%+d, %+d) reads slot (%d, %d), threadIdx (%d, %d)'s", first_sx - tx, first_sy - ty, first_sx,
              first_sy, first_sx, first_sy);
  switch (first) {
    case SlotFault::not_loaded:
      ImGui::TextDisabled("that thread is in the load-only ring and skipped its load: NaN");
      break;
    case SlotFault::edge_not_zero:
      ImGui::TextDisabled("ghost cell (%d, %d) is outside the image: it holds the edge pixel (%d, %d), not 0", x, y,
                          clamp_to(x, p.width), clamp_to(y, p.height));
      break;
    case SlotFault::later_warp:
      ImGui::TextDisabled("warp %d loads it after this thread's warp %d computed (emulated): NaN",
                          warp_of(k.gx, first_sx, first_sy), warp_of(k.gx, tx, ty));
      break;
    case SlotFault::shifted:
      ImGui::TextDisabled("it holds pixel (%d, %d), not (%d, %d): the tile starts one cell off", x + 1, y + 1, x, y);
      break;
    case SlotFault::none: break;
  }
}

}  // namespace tilescope
