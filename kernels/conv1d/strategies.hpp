#pragma once
// The conv1d strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
#include "kernels/common/strategy_table.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

using Conv1dStrategyInfo = StrategyInfo<Conv1dStrategy>;

// All conv1d strategies in book order.
template <>
StrategyTable<Conv1dStrategy> strategy_table<Conv1dStrategy>();

}  // namespace tilescope
