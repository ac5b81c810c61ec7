#include "kernels/matmul/strategies.hpp"
namespace tilescope {

extern const std::string_view kMatmulStrategiesMd;  // strategies.md, built in

std::vector<MatmulStrategyInfo> strategy_rows(MatmulStrategy) {
  return read_strategy_rows<MatmulStrategy>(kMatmulStrategiesMd, kMatmulStrategyCount, 0);
}

}  // namespace tilescope
