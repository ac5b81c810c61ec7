#pragma once
// PMPP 3rd ed. 7.4 (conv1d tiled) broken on purpose, one slot and one thread at a time: what a
// shared slot holds, what a thread reads back and what it stores, under each bug. The CPU
// emulation (broken.cpp) and the CUDA kernel (broken_kernels.cu) run these same functions, so
// both show the same damage. Every slot, halo and ghost cell comes from Conv1dTiling.
#include "kernels/common/breaks.hpp"
#include "kernels/conv1d/geometry.hpp"

namespace tilescope {

// One tiled launch with a bug: the tiling, the signal's length, the filter (global memory).
struct BrokenLaunch1d {
  Conv1dTiling g;
  int length;
  Break bug;
};

// The warp of the thread that fills `slot` (threads 0..31 are warp 0).
TS_HD int loader_warp(const Conv1dTiling& g, int slot) { return g.loader_of_slot(slot) / 32; }

// What is wrong with `slot` of block b when thread t reads it: the one definition the load and
// the read below follow and the inspector traces a damaged output with.
TS_HD SlotFault slot_fault(const BrokenLaunch1d& k, int b, int t, int slot) {
  switch (k.bug) {
    case Break::no_halo: return k.g.is_halo_slot(slot) ? SlotFault::not_loaded : SlotFault::none;
    case Break::no_ghost_zero:
      return in_range(k.g.shared_coord(b, slot), k.length) ? SlotFault::none : SlotFault::edge_not_zero;
    case Break::no_barrier: return loader_warp(k.g, slot) > t / 32 ? SlotFault::later_warp : SlotFault::none;
    case Break::origin_off_by_one: return SlotFault::shifted;
    default: return SlotFault::none;
  }
}

// 7.4's load phase for `slot` of block b (whichever thread loads it: own element or halo).
TS_HD float broken_load(const BrokenLaunch1d& k, const float* N, int b, int slot) {
  const SlotFault fault = slot_fault(k, b, k.g.loader_of_slot(slot), slot);
  if (fault == SlotFault::not_loaded) return kUnloaded;
  const int i = k.g.shared_coord(b, slot) + (fault == SlotFault::shifted ? 1 : 0);
  if (in_range(i, k.length)) return N[i];
  return fault == SlotFault::edge_not_zero ? N[clamp_to(i, k.length)] : 0.0f;  // a ghost cell
}

// `slot` as thread t reads it. Without the barrier the worst schedule a block allows is
// emulated: each warp loads, then computes before any later warp has loaded, so a slot a later
// warp fills still holds kUnloaded.
TS_HD float broken_read(const BrokenLaunch1d& k, const float* N_s, int b, int t, int slot) {
  return slot_fault(k, b, t, slot) == SlotFault::later_warp ? kUnloaded : N_s[slot];
}

// 7.4's compute phase for thread t of block b: whether it stores (its output exists), and what;
// F holds the 2n + 1 weights.
TS_HD bool broken_store(const BrokenLaunch1d& k, const float* N_s, const float* F, int b, int t, float& value) {
  if (k.g.out_coord(b, t) >= k.length) return false;
  float sum = 0.0f;
  for (int j = 0; j <= 2 * k.g.r; ++j) sum += F[j] * broken_read(k, N_s, b, t, t + j);
  value = sum;
  return true;
}

}  // namespace tilescope
