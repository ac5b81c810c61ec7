#include "app/conv1d/break_trace.hpp"

#include <imgui.h>

#include "kernels/conv1d/broken.hpp"

namespace tilescope {

void break_trace(const Conv1dParams& p, Break bug, int i) {
  const BrokenLaunch1d k{tiling_of(p), p.length, bug};
  ImGui::Separator();
  ImGui::Text("broken: %s", break_info(bug).name.data());
  const int b = k.g.block_of(i), t = k.g.thread_of(i), taps = p.filter_dim();
  int faulty = 0, first_slot = 0;
  SlotFault first = SlotFault::none;
  for (int slot = t; slot < t + taps; ++slot)  // thread t's taps read N_s[t .. t + 2n]
    if (const SlotFault f = slot_fault(k, b, t, slot); f != SlotFault::none && faulty++ == 0)
      first = f, first_slot = slot;
  if (faulty == 0) {
    ImGui::TextDisabled("all %d taps read slots that hold the right value: intact", taps);
    return;
  }
  const int e = k.g.shared_coord(b, first_slot), loader = k.g.loader_of_slot(first_slot);
  ImGui::Text("%d of its %d taps read a wrong slot; the first:", faulty, taps);
  ImGui::Text("tap %+d reads N_s[%d], which threadIdx %d fills", first_slot - t - p.filter_radius, first_slot, loader);
  switch (first) {
    case SlotFault::not_loaded: ImGui::TextDisabled("it is a halo slot and its load was skipped: NaN"); break;
    case SlotFault::edge_not_zero:
      ImGui::TextDisabled("ghost cell N[%d] is outside the signal: it holds N[%d], not 0", e, clamp_to(e, p.length));
      break;
    case SlotFault::later_warp:
      ImGui::TextDisabled("warp %d loads it after this thread's warp %d computed (emulated): NaN", loader / 32, t / 32);
      break;
    case SlotFault::shifted:
      ImGui::TextDisabled("it holds N[%d], not N[%d]: the tile starts one element off", e + 1, e);
      break;
    case SlotFault::none: break;
  }
}

}  // namespace tilescope
