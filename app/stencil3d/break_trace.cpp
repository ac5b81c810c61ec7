#include "app/stencil3d/break_trace.hpp"

#include <imgui.h>

#include "kernels/stencil3d/broken.hpp"

namespace tilescope {
namespace {

// idle_threads_write: a halo-shell thread of a block beside the owner (along one axis) whose slot
// is this cell. An interior cell is damaged: the shell stores its input over the step's output.
void trace_shell_store(const BrokenLaunch3d& k, Int3 cell, Int3 b, Int3 t, bool boundary) {
  const int c[3] = {cell.x, cell.y, cell.z}, n[3] = {k.width, k.height, k.depth};
  for (int axis = 0; axis < 3; ++axis)
    for (int nb = k.a.block_of(c[axis]) - 1; nb <= k.a.block_of(c[axis]) + 1; nb += 2) {
      const int s = c[axis] - k.a.in_origin(nb);
      if (!in_range(nb, k.a.grid_dim(n[axis])) || !in_range(s, k.a.tile) || k.a.computes(s)) continue;
      Int3 sb = b, st = t;
      (axis == 0 ? sb.x : axis == 1 ? sb.y : sb.z) = nb;
      (axis == 0 ? st.x : axis == 1 ? st.y : st.z) = s;
      ImGui::Text("threadIdx (%d, %d, %d) of blockIdx (%d, %d, %d) only loads, yet stores", st.x, st.y, st.z, sb.x,
                  sb.y, sb.z);
      if (boundary) {
        ImGui::TextDisabled("the input it loaded: a boundary cell keeps that value anyway, so intact");
      } else {
        ImGui::TextDisabled("the input it loaded, after this cell's own thread stored (the race's worst order);");
        ImGui::TextDisabled("where the heat is flat that equals the right output, so no colour shows");
      }
      return;
    }
  ImGui::TextDisabled("no halo-shell thread's slot lies on this cell: intact");
}

}  // namespace

void break_trace(const Stencil3dParams& p, Break bug, int x, int y, int z) {
  const BrokenLaunch3d k = broken_launch(p, bug);
  const Int3 cell{x, y, z}, b{k.a.block_of(x), k.a.block_of(y), k.a.block_of(z)};
  const Int3 t{k.a.thread_of(x), k.a.thread_of(y), k.a.thread_of(z)};
  const bool boundary = in_boundary(k, cell);
  ImGui::Separator();
  ImGui::Text("broken: %s", break_info(bug).name.data());
  if (bug == Break::idle_threads_write) return trace_shell_store(k, cell, b, t, boundary);
  // A boundary cell reads only its own slot; an interior one the 6k + 1 taps of its star.
  int faulty = 0, first_axis = 0, first_o = 0, taps = 0;
  SlotFault first = SlotFault::none;
  for (int axis = 0; axis < 3; ++axis)
    for (int o = -p.order; o <= p.order; ++o) {
      if ((o == 0 && axis > 0) || (boundary && o != 0)) continue;
      ++taps;
      if (const SlotFault f = slot_fault(k, t, tap_slot(t, axis, o)); f != SlotFault::none && faulty++ == 0)
        first = f, first_axis = axis, first_o = o;
    }
  if (faulty == 0) {
    if (boundary)
      ImGui::TextDisabled("a boundary cell: it copies its own slot, which holds the right value: intact");
    else
      ImGui::TextDisabled("all %d taps read slots that hold the right value: intact", taps);
    return;
  }
  const Int3 s = tap_slot(t, first_axis, first_o), at = cell_of(k.a, b, s);
  ImGui::Text("%d of its %d taps read a wrong slot; the first:", faulty, taps);
  ImGui::Text("tap %c%+d reads in_s[%d][%d][%d], threadIdx (%d, %d, %d)'s", "xyz"[first_axis], first_o, s.z, s.y, s.x,
              s.x, s.y, s.z);
  switch (first) {
    case SlotFault::not_loaded:
      ImGui::TextDisabled("that thread is in the halo shell and skipped its load: NaN");
      break;
    case SlotFault::later_warp:
      ImGui::TextDisabled("warp %d loads it after this thread's warp %d computed (emulated): NaN", warp_of(k.a, s),
                          warp_of(k.a, t));
      break;
    case SlotFault::shifted:
      ImGui::TextDisabled("it holds cell (%d, %d, %d), not (%d, %d, %d): the tile starts one cell off", at.x + 1,
                          at.y + 1, at.z + 1, at.x, at.y, at.z);
      break;
    default: break;
  }
}

}  // namespace tilescope
