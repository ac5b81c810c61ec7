#pragma once
// The stencil3d strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// Default tiles: 8^3 for the cube blocks (the book's IN_TILE_DIM), 32^2 for the marching ones;
// fast marches z chunks of 8, 10 or 18 planes at orders 1, 2 and 3 (fast_longest_chunk); on a GPU,
// at order 3 12 or 14 where a plane's blocks fill several z layers of the resident slots, shorter
// where the grid leaves resident blocks idle, longer where its planes outgrow the L2 cache
// (fast_chunk_for).
#include "kernels/common/launch.hpp"
#include "kernels/common/strategy_table.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

using Stencil3dStrategyInfo = StrategyInfo<Stencil3dStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<Stencil3dStrategy>() reads them.
std::vector<Stencil3dStrategyInfo> strategy_rows(Stencil3dStrategy);

// The tile p.strategy runs with by default at p's order and size on a device with these limits:
// default_tile(s, k), except fast's z chunk, which follows the grid and the GPU's resident blocks
// (fast_chunk_for).
int default_tile(const Stencil3dParams& p, const DeviceLimits& limits);

}  // namespace tilescope
