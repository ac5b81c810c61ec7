#pragma once
// The conv1d model: the launch (grid, block, shared and constant bytes), whether a parameter set
// can run, the book's OP/B and load-reduction ratios, and the exact traffic count, with PMPP's
// conventions: 2 ops per filter tap; bytes = 4 x the global-memory loads the kernel code issues.
#include <optional>
#include <string>

#include "kernels/common/launch.hpp"
#include "kernels/common/traffic.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

// A 1D launch in the 2D struct: y extents are 1; in_tile = tile + 2n halo cells.
LaunchGeometry launch_geometry(const Conv1dParams& p);

// Why p cannot run on a device with these limits, or nothing if it can.
std::optional<std::string> launch_problem(const Conv1dParams& p, const DeviceLimits& limits = {});

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

// The bytes no kernel can avoid: the signal read once, the output written once (float32).
inline double compulsory_bytes(const Conv1dParams& p) { return 8.0 * p.length; }

}  // namespace tilescope
