#pragma once
// stencil3d's step-through: one block of the book's strategies in the order its kernel runs,
// emulated with the launch geometry. basic: compute, store. tiled (Fig 8.8): every thread loads
// its cell, __syncthreads(), the inner threads compute, store. coarsened (8.4) and register_tiled
// (8.5) march z: the first 2k planes, then per z step load the next plane, __syncthreads(),
// compute and store the plane k behind it; coarsened keeps the 2k+1 planes in a ring of shared
// planes (a second barrier before the oldest is overwritten), register_tiled the z neighbours in
// registers and only the current plane in shared memory (copied there between two barriers).
// Threads are numbered as CUDA does, tid = (tz * Ty + ty) * Tx + tx, so threads_y = Ty * Tz;
// shared slot (sx, sy) is plane sy / T, row sy % T, column sx. temporal: its fused steps one at a time
// (kernels/stencil3d/temporal_steps.hpp).
#include <optional>
#include <string>

#include "kernels/common/block_steps.hpp"
#include "kernels/stencil3d/params.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

// Why a strategy has no step-through (fast: warp rows of vectors, no shared memory, no barrier): the reason its
// catalogue (kernels/stencil3d/strategies.md) gives.
inline std::optional<std::string> stencil3d_steps_problem(Stencil3dStrategy s) { return steps_problem(s); }

// Block (bx, by, bz) of p, step by step.
BlockTimeline stencil3d_timeline(const Stencil3dParams& p, int bx, int by, int bz);

// The launch of p: its blocks along x, y and z, its exact count (no shared-memory figure).
LaunchSteps launch_steps(const Stencil3dParams& p);

}  // namespace tilescope
