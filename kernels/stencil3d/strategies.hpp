#pragma once
// The stencil3d strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// Default tiles: 8^3 for the cube blocks (the book's IN_TILE_DIM), 32^2 for the marching ones;
// fast marches z chunks of T = 18 planes (16 outputs at k = 1): short chunks measured fastest at
// 512^3 (more blocks in flight), despite re-reading 2k planes per chunk.
#include "kernels/common/strategy_table.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

using Stencil3dStrategyInfo = StrategyInfo<Stencil3dStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<Stencil3dStrategy>() reads them.
std::vector<Stencil3dStrategyInfo> strategy_rows(Stencil3dStrategy);

}  // namespace tilescope
