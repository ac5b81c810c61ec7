#pragma once
// The conv2d strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// default_tile(s, r): 32 for the book's, 16 x 16 threads for fast, sliding's strip depends on r.
#include "kernels/common/strategy_table.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

using Conv2dStrategyInfo = StrategyInfo<Conv2dStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<Conv2dStrategy>() reads them.
std::vector<Conv2dStrategyInfo> strategy_rows(Conv2dStrategy);

}  // namespace tilescope
