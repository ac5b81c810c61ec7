#pragma once
// The conv2d strategy table: one StrategyInfo row per strategy (kernels/common/strategy_table.hpp).
// default_tile(s, r): 32 for the book's, 16 x 16 threads for fast and separable, sliding's strip depends on r.
#include "kernels/common/launch.hpp"
#include "kernels/common/strategy_table.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

using Conv2dStrategyInfo = StrategyInfo<Conv2dStrategy>;

// Its rows in book order, from strategies.md (strategies.cpp); strategy_table<Conv2dStrategy>() reads them.
std::vector<Conv2dStrategyInfo> strategy_rows(Conv2dStrategy);

// The tile p.strategy runs with by default at p's radius and size on a device with these limits:
// default_tile(s, r), except sliding's strip, which follows the image and the GPU's resident blocks
// (sliding_strip_for).
int default_tile(const Conv2dParams& p, const DeviceLimits& limits);

}  // namespace tilescope
