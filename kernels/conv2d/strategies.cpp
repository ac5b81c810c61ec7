#include "kernels/conv2d/strategies.hpp"

#include "kernels/conv2d/geometry.hpp"

namespace tilescope {

extern const std::string_view kConv2dStrategiesMd;  // strategies.md, built in

std::vector<Conv2dStrategyInfo> strategy_rows(Conv2dStrategy) {
  auto rows = read_strategy_rows<Conv2dStrategy>(kConv2dStrategiesMd, kConv2dStrategyCount, kMaxConv2dRadius);
  // Sliding's sums wait in registers: it runs r <= 3, its strip's depth follows r.
  Conv2dStrategyInfo& sliding = rows[int(Conv2dStrategy::sliding)];
  sliding.max_radius = kSlidingMaxRadius;
  sliding.default_tile_at_radius = sliding_default_strip;
  return rows;
}

int default_tile(const Conv2dParams& p, const DeviceLimits& limits) {
  if (p.strategy != Conv2dStrategy::sliding) return default_tile(p.strategy, p.filter_radius);
  return sliding_strip_for(p.filter_radius, p.width, p.height, limits.sm_count);
}

}  // namespace tilescope
