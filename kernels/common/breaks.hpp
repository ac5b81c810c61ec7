#pragma once
// Break it (issue 18): the bugs students make in a tiled kernel, by name. Each pattern says which
// of its strategies take which bug (its broken.hpp: break_problem) and runs the broken variant as
// a real kernel and as the same code on the CPU (its broken_block.hpp).
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "kernels/common/hd.hpp"

namespace tilescope {

enum class Break : std::uint8_t {
  none,
  no_halo,             // the halo cells are not loaded: their slots keep kUnloaded
  no_ghost_zero,       // a slot outside the data takes the nearest edge element instead of 0
  idle_threads_write,  // the threads that only load also store the value they loaded, at that element
  origin_off_by_one,   // the input tile is loaded from one element past its origin (on every axis)
  no_barrier,          // no __syncthreads between load and compute: emulated, warps one after another
};

// What a shared slot holds when no thread has loaded it: NaN, so every output that reads one is
// NaN (whatever its weight) and can be mistaken for no value.
inline constexpr float kUnloaded = std::numeric_limits<float>::quiet_NaN();

// What is wrong with a shared slot when a thread reads it (each pattern's slot_fault says which).
enum class SlotFault : std::uint8_t {
  none,
  not_loaded,     // no_halo: a halo slot (NaN)
  edge_not_zero,  // no_ghost_zero: a ghost cell holding the nearest edge element
  later_warp,     // no_barrier: a later warp has not loaded it yet (NaN)
  shifted,        // origin_off_by_one: it holds the input one element further along every axis
};

// The passes of a broken launch. idle_threads_write races between blocks (a load-only thread
// stores into a neighbour's output tile); those stores run as a second pass, so they land after
// the owners' stores: the worst order the race allows, and the same one on every run.
TS_HD int broken_passes(Break bug) { return bug == Break::idle_threads_write ? 2 : 1; }

TS_HD int clamp_to(int i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : i; }  // the nearest element of 0..n-1

struct BreakInfo {
  Break bug;
  std::string_view name;
  std::string_view what;  // one line for --help, the legend and apply's report
};

// Every bug but none, in the order of issue 18.
const BreakInfo* breaks(int& count);
const BreakInfo& break_info(Break bug);
// "no_barrier, no_halo, ..." for help texts and messages.
const std::string& break_names();
// Throws InvalidInput naming the bugs there are.
Break parse_break(std::string_view name);

}  // namespace tilescope
