#pragma once
// conv1d's step-through: one block of the book's strategies (basic, const_mem, tiled,
// cached_halo) in the order its kernel runs, emulated with the launch geometry. tiled: the last
// n threads load the left halo, every thread its own cell, the first n threads the right halo,
// then __syncthreads(); cached_halo stages only its own cells. Then compute and store. Thread t
// sits at element g.out_coord(b, t); shared slot s holds element g.shared_coord(b, s).
#include <optional>
#include <string>

#include "kernels/common/block_steps.hpp"
#include "kernels/conv1d/params.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

// Why a strategy has no step-through (fast: its float4 register windows are beyond it): the reason its catalogue
// (kernels/conv1d/strategies.md) gives.
inline std::optional<std::string> conv1d_steps_problem(Conv1dStrategy s) { return steps_problem(s); }

// Block b of p, step by step (the same list of steps for every block).
BlockTimeline conv1d_timeline(const Conv1dParams& p, int b);

// The launch of p: its blocks along x, its exact count.
LaunchSteps launch_steps(const Conv1dParams& p);

}  // namespace tilescope
