#pragma once
// The conv1d strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
#include "kernels/common/strategy_table.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

using Conv1dStrategyInfo = StrategyInfo<Conv1dStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<Conv1dStrategy>() reads them.
std::vector<Conv1dStrategyInfo> strategy_rows(Conv1dStrategy);

}  // namespace tilescope
