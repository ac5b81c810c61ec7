#pragma once
// Memory-traffic model of a conv1d launch, with PMPP's conventions (as kernels/traffic.hpp):
// 2 ops per filter tap; bytes = 4 x the global-memory loads the kernel code issues.
#include "kernels/conv1d_params.hpp"
#include "kernels/traffic.hpp"

namespace tilescope {

// The book's closed form for an interior block (no ghost cells) and its large-tile bound.
BookModel book_model(const Conv1dParams& p);

// PMPP's ratio of input-element loads, basic kernel over tiled kernel, at p's tile and radius
// (filter loads are not part of it).
struct LoadReduction {
  double interior = 0;  // blockDim(2n+1) / (blockDim + 2n)
  double boundary = 0;  // (blockDim(2n+1) - n(n+1)/2) / (blockDim + n): one side's ghosts
  double counted = 0;   // the whole signal: exact loads of basic / exact loads of tiled
};
LoadReduction load_reduction(const Conv1dParams& p);

// Exact counts from the launch geometry: one block, and the whole signal (interior blocks are
// all alike, so only the few blocks near the ends are emulated one by one).
TrafficCount block_traffic(const Conv1dParams& p, int b);
TrafficCount exact_traffic(const Conv1dParams& p);

}  // namespace tilescope
