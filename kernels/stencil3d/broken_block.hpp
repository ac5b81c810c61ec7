#pragma once
// PMPP Fig 8.8 (stencil3d tiled) broken on purpose, one thread at a time: what a thread puts in
// its shared slot, what it reads back and what it stores, under each bug. The CPU emulation
// (broken.cpp) and the CUDA kernel (broken_kernels.cu) run these same functions, so both show the
// same damage. Every tile, halo shell and boundary cell comes from StencilAxisTiling.
#include "kernels/common/breaks.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {

// One tiled launch with a bug: the tiling (all three axes alike), the grid.
struct BrokenLaunch3d {
  StencilAxisTiling a;
  int width, height, depth;
  Break bug;
};

// A thread of a T^3 block (and the shared slot it fills: Fig 8.8 has one per thread), a block or a
// grid cell.
struct Int3 {
  int x, y, z;
};

TS_HD int slot_index(const StencilAxisTiling& a, Int3 t) { return (t.z * a.tile + t.y) * a.tile + t.x; }
// Threads are numbered x fastest; threads 0..31 are warp 0.
TS_HD int warp_of(const StencilAxisTiling& a, Int3 t) { return slot_index(a, t) / 32; }
// A halo-shell thread: it only loads (Fig 8.8 deactivates it after the barrier).
TS_HD bool loads_only(const StencilAxisTiling& a, Int3 t) {
  return !a.computes(t.x) || !a.computes(t.y) || !a.computes(t.z);
}
// The grid cell of slot s of block b.
TS_HD Int3 cell_of(const StencilAxisTiling& a, Int3 b, Int3 s) {
  return {a.cell(b.x, s.x), a.cell(b.y, s.y), a.cell(b.z, s.z)};
}
TS_HD bool in_grid(const BrokenLaunch3d& k, Int3 c) {
  return in_range(c.x, k.width) && in_range(c.y, k.height) && in_range(c.z, k.depth);
}
TS_HD bool in_boundary(const BrokenLaunch3d& k, Int3 c) {  // keeps its value (PMPP 8.2)
  return !stencil_interior(c.x, k.width, k.a.k) || !stencil_interior(c.y, k.height, k.a.k) ||
         !stencil_interior(c.z, k.depth, k.a.k);
}
TS_HD int grid_index(const BrokenLaunch3d& k, Int3 c) { return (c.z * k.height + c.y) * k.width + c.x; }

// What is wrong with slot s of block b when thread t reads it: the one definition the load and
// read below follow and the inspector traces a damaged output with.
TS_HD SlotFault slot_fault(const BrokenLaunch3d& k, Int3 t, Int3 s) {
  switch (k.bug) {
    case Break::no_halo: return loads_only(k.a, s) ? SlotFault::not_loaded : SlotFault::none;
    case Break::no_barrier: return warp_of(k.a, s) > warp_of(k.a, t) ? SlotFault::later_warp : SlotFault::none;
    case Break::origin_off_by_one: return SlotFault::shifted;
    default: return SlotFault::none;
  }
}

// Fig 8.8's load phase: thread t of block b fills its slot (ghost cells past the grid: 0).
TS_HD float broken_load(const BrokenLaunch3d& k, const float* in, Int3 b, Int3 t) {
  const SlotFault fault = slot_fault(k, t, t);
  if (fault == SlotFault::not_loaded) return kUnloaded;
  const int shift = fault == SlotFault::shifted ? 1 : 0;
  const Int3 c0 = cell_of(k.a, b, t), c{c0.x + shift, c0.y + shift, c0.z + shift};
  return in_grid(k, c) ? in[grid_index(k, c)] : 0.0f;
}

// Slot s as thread t reads it. Without the barrier the worst schedule a block allows is emulated:
// the lanes of a warp load together, then the warp computes before any later warp has loaded, so
// a slot of a later warp still holds kUnloaded.
TS_HD float broken_read(const BrokenLaunch3d& k, const float* in_s, Int3 t, Int3 s) {
  return slot_fault(k, t, s) == SlotFault::later_warp ? kUnloaded : in_s[slot_index(k.a, s)];
}

// Tap o along axis a (0 x, 1 y, 2 z) of thread t: the slot it reads.
TS_HD Int3 tap_slot(Int3 t, int axis, int o) {
  return {t.x + (axis == 0 ? o : 0), t.y + (axis == 1 ? o : 0), t.z + (axis == 2 ? o : 0)};
}

// A thread's store: whether it stores, where (a grid index) and what.
struct BrokenStore3d {
  bool stores;
  int i;
  float value;
};

// Fig 8.8's compute phase (pass 0) and the halo shell's stores (pass 1) for thread t of block b;
// the star is summed in the reference's order (reference.cpp).
TS_HD BrokenStore3d broken_store(const BrokenLaunch3d& k, const float* in_s, const StencilCoeffs& c, int pass, Int3 b,
                                 Int3 t) {
  const Int3 cell = cell_of(k.a, b, t);
  const bool inside = in_grid(k, cell), shell = loads_only(k.a, t);
  if (pass == 1) {  // idle_threads_write: the shell stores the value it loaded where it loaded it
    const bool stores = shell && inside;
    return {stores, stores ? grid_index(k, cell) : 0, stores ? in_s[slot_index(k.a, t)] : 0.0f};
  }
  if (shell || !inside) return {false, 0, 0.0f};
  const int i = grid_index(k, cell);
  if (in_boundary(k, cell)) return {true, i, in_s[slot_index(k.a, t)]};
  const auto tap = [&](int axis, int o) { return c.weight(axis, o) * broken_read(k, in_s, t, tap_slot(t, axis, o)); };
  float sum = c.centre * broken_read(k, in_s, t, t);
  for (int o = 1; o <= k.a.k; ++o) sum += tap(0, -o) + tap(0, o) + tap(1, -o) + tap(1, o) + tap(2, -o) + tap(2, o);
  return {true, i, sum};
}

}  // namespace tilescope
