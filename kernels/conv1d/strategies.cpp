#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

extern const std::string_view kConv1dStrategiesMd;  // strategies.md, built in

std::vector<Conv1dStrategyInfo> strategy_rows(Conv1dStrategy) {
  return read_strategy_rows<Conv1dStrategy>(kConv1dStrategiesMd, kConv1dStrategyCount, kMaxConv1dRadius);
}

}  // namespace tilescope
