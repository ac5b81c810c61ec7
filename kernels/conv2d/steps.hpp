#pragma once
// conv2d's step-through: one block of the book's strategies (basic, const_mem, tiled_in,
// tiled_out, cached_halo) in the order its kernel runs, emulated with the launch geometry:
// load the shared tile (tiled_out: in passes of blockDim cells), __syncthreads(), compute one
// filter row at a time, store. Thread (tx, ty) sits at image cell (gx.out_coord(bx, tx),
// gy.out_coord(by, ty)) (tiled_in: the cell it loads); shared slot (sx, sy) holds image cell
// (gx.shared_origin(bx) + sx, gy.shared_origin(by) + sy).
#include <optional>
#include <string>

#include "kernels/common/block_steps.hpp"
#include "kernels/conv2d/params.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

// Why a strategy has no step-through (fast, sliding, separable: their coarsened register tiles are beyond it): the
// reason its catalogue (kernels/conv2d/strategies.md) gives.
inline std::optional<std::string> conv2d_steps_problem(Conv2dStrategy s) { return steps_problem(s); }

// Block (bx, by) of p, step by step, for a strategy with no conv2d_steps_problem. The steps are the
// same list for every block; which threads work and what they count depend on the block (ghost
// cells, outputs past the image).
BlockTimeline conv2d_timeline(const Conv2dParams& p, int bx, int by);

// The launch of p: its blocks along x and y, its exact count.
LaunchSteps launch_steps(const Conv2dParams& p);

}  // namespace tilescope
