#pragma once
// matmul's step-through: one block of naive or tiled (PMPP Fig 5.13) in the order its kernel
// runs, emulated with the launch geometry. tiled, per phase: thread (tx, ty) stores
// Mds[ty][tx] and Nds[ty][tx] (zero outside the matrices, without a load), barrier 1
// (read-after-write), multiply the tiles, barrier 2 (write-after-read); then the store. naive:
// compute, store. Shared slot (sx, sy) is Mds[sy][sx] for sy < T, Nds[sy - T][sx] after.
// As the exact count does, the work of threads outside P (they multiply zeros) is not counted.
#include <optional>
#include <string>

#include "kernels/common/block_steps.hpp"
#include "kernels/matmul/params.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

// tiled's steps in each phase: load, barrier 1, multiply, barrier 2 (phase ph's step s is step
// ph * kMatmulStepsPerPhase + s of the timeline).
inline constexpr int kMatmulStepsPerPhase = 4;

// Why a strategy has no step-through (fast: 16 x 8 outputs per thread from registers): the reason its catalogue
// (kernels/matmul/strategies.md) gives.
inline std::optional<std::string> matmul_steps_problem(MatmulStrategy s) { return steps_problem(s); }

// Block (bx, by) of p, step by step.
BlockTimeline matmul_timeline(const MatmulParams& p, int bx, int by);

// The launch of p: its blocks along x (columns of P) and y (rows), its exact count (no shared-memory figure).
LaunchSteps launch_steps(const MatmulParams& p);

}  // namespace tilescope
