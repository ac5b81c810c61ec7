#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

extern const std::string_view kStencil3dStrategiesMd;  // strategies.md, built in

std::vector<Stencil3dStrategyInfo> strategy_rows(Stencil3dStrategy) {
  return read_strategy_rows<Stencil3dStrategy>(kStencil3dStrategiesMd, kStencil3dStrategyCount, kMaxStencil3dRadius);
}

}  // namespace tilescope
