#pragma once
// The matmul strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// default_tile is TILE_WIDTH 16, and fast's 128 x 128 block tile (tile 128); matmul has no radius
// (max_radius 0).
#include "kernels/common/launch.hpp"
#include "kernels/common/strategy_table.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

using MatmulStrategyInfo = StrategyInfo<MatmulStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<MatmulStrategy>() reads them.
std::vector<MatmulStrategyInfo> strategy_rows(MatmulStrategy);

// The tile p.strategy runs with by default at p's size on a device with these limits: default_tile(s, 0),
// except fast's block tile, which follows the grid and the GPU's SMs (matmul_fast_shape_for, which also
// gives its split-K).
int default_tile(const MatmulParams& p, const DeviceLimits& limits);

}  // namespace tilescope
