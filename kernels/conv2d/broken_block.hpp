#pragma once
// PMPP Fig 7.12 (tiled_in) broken on purpose, one thread at a time: what a thread puts in its
// shared slot, what it reads back and what it stores, under each bug. The CPU emulation
// (broken.cpp) and the CUDA kernel (broken_kernels.cu) run these same functions, so both show
// the same damage. Every tile, ring and ghost cell comes from Conv2dTiling (geometry.hpp).
#include "kernels/common/breaks.hpp"
#include "kernels/conv2d/geometry.hpp"

namespace tilescope {

// One tiled_in launch with a bug: the tiling along x and y, the image, the filter (global memory).
struct BrokenLaunch {
  Conv2dTiling gx, gy;
  int width, height;
  Break bug;
};

// What is wrong with slot (sx, sy) of block (bx, by) when thread (tx, ty) reads it: the one
// definition the load and read below follow and the inspector traces a damaged output with.
TS_HD SlotFault slot_fault(const BrokenLaunch& k, int bx, int by, int tx, int ty, int sx, int sy) {
  switch (k.bug) {
    case Break::no_halo: return !k.gx.computes(sx) || !k.gy.computes(sy) ? SlotFault::not_loaded : SlotFault::none;
    case Break::no_ghost_zero:
      return in_range(k.gx.shared_origin(bx) + sx, k.width) && in_range(k.gy.shared_origin(by) + sy, k.height)
                 ? SlotFault::none
                 : SlotFault::edge_not_zero;
    case Break::no_barrier:
      return warp_of(k.gx, sx, sy) > warp_of(k.gx, tx, ty) ? SlotFault::later_warp : SlotFault::none;
    case Break::origin_off_by_one: return SlotFault::shifted;
    default: return SlotFault::none;
  }
}

// Fig 7.12's load phase: thread (tx, ty) of block (bx, by) fills slot (tx, ty).
TS_HD float broken_load(const BrokenLaunch& k, const float* N, int bx, int by, int tx, int ty) {
  const SlotFault fault = slot_fault(k, bx, by, tx, ty, tx, ty);
  if (fault == SlotFault::not_loaded) return kUnloaded;
  const int shift = fault == SlotFault::shifted ? 1 : 0;
  const int col = k.gx.shared_origin(bx) + shift + tx, row = k.gy.shared_origin(by) + shift + ty;
  if (in_range(col, k.width) && in_range(row, k.height)) return N[row * k.width + col];
  if (fault != SlotFault::edge_not_zero) return 0.0f;  // a ghost cell
  return N[clamp_to(row, k.height) * k.width + clamp_to(col, k.width)];
}

// Slot (sx, sy) as thread (tx, ty) reads it. Without the barrier the worst schedule a block allows
// is emulated: the lanes of a warp load together, then the warp computes before any later warp
// has loaded, so a slot of a later warp still holds kUnloaded.
TS_HD float broken_read(const BrokenLaunch& k, const float* N_s, int bx, int by, int tx, int ty, int sx, int sy) {
  if (slot_fault(k, bx, by, tx, ty, sx, sy) == SlotFault::later_warp) return kUnloaded;
  return N_s[sy * k.gx.shared_dim() + sx];
}

// A thread's store: whether it stores, where and what.
struct BrokenStore {
  bool stores;
  int x, y;
  float value;
};

// Fig 7.12's compute phase (pass 0) and the ring's stores (pass 1) for thread (tx, ty) of block
// (bx, by); F holds the (2r+1)^2 weights row by row.
TS_HD BrokenStore broken_store(const BrokenLaunch& k, const float* N_s, const float* F, int pass, int bx, int by,
                               int tx, int ty) {
  const int r = k.gx.r, D = 2 * r + 1;
  const bool computes = k.gx.computes(tx) && k.gy.computes(ty);
  if (pass == 1) {  // idle_threads_write: the ring stores the value it loaded where it loaded it
    const int col = k.gx.shared_origin(bx) + tx, row = k.gy.shared_origin(by) + ty;
    const bool stores = !computes && in_range(col, k.width) && in_range(row, k.height);
    return BrokenStore{stores, col, row, stores ? N_s[ty * k.gx.shared_dim() + tx] : 0.0f};
  }
  const int col = k.gx.out_coord(bx, tx), row = k.gy.out_coord(by, ty);
  if (!computes || col >= k.width || row >= k.height) return BrokenStore{false, col, row, 0.0f};
  float sum = 0.0f;
  for (int fy = 0; fy < D; ++fy)
    for (int fx = 0; fx < D; ++fx)
      sum += F[fy * D + fx] * broken_read(k, N_s, bx, by, tx, ty, tx - r + fx, ty - r + fy);
  return BrokenStore{true, col, row, sum};
}

}  // namespace tilescope
