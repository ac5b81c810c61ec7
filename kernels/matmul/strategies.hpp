#pragma once
// The matmul strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// default_tile is TILE_WIDTH 16, and fast's 128 x 128 block tile (tile 128); matmul has no radius
// (max_radius 0). bench runs fast at the shape the GPU's rule picks (matmul_fast_shape_for: its block
// tile and split-K).
#include "kernels/common/strategy_table.hpp"
#include "kernels/matmul/params.hpp"

namespace tilescope {

using MatmulStrategyInfo = StrategyInfo<MatmulStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<MatmulStrategy>() reads them.
std::vector<MatmulStrategyInfo> strategy_rows(MatmulStrategy);

}  // namespace tilescope
