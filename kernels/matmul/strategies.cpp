#include "kernels/matmul/strategies.hpp"

#include "kernels/matmul/geometry.hpp"

namespace tilescope {

extern const std::string_view kMatmulStrategiesMd;  // strategies.md, built in

std::vector<MatmulStrategyInfo> strategy_rows(MatmulStrategy) {
  return read_strategy_rows<MatmulStrategy>(kMatmulStrategiesMd, kMatmulStrategyCount, 0);
}

int default_tile(const MatmulParams& p, const DeviceLimits& limits) {
  if (p.strategy != MatmulStrategy::fast) return default_tile(p.strategy, 0);
  return matmul_fast_shape_for(p, limits.sm_count).tile;
}

}  // namespace tilescope
