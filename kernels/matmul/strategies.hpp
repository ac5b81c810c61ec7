#pragma once
// The matmul strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// default_tile is TILE_WIDTH 16 (fast ignores TILE_WIDTH); matmul has no radius (max_radius 0).
#include "kernels/common/strategy_table.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

using MatmulStrategyInfo = StrategyInfo<MatmulStrategy>;

template <>
StrategyTable<MatmulStrategy> strategy_table<MatmulStrategy>();

}  // namespace tilescope
