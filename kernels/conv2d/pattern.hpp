#pragma once
// conv2d as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

struct Conv2dPattern : PatternTraits<Conv2dPattern, Conv2dParams, Conv2dEngine> {
  static constexpr std::string_view name() { return "conv2d"; }
  static std::unique_ptr<Conv2dEngine> make_cpu_engine() { return make_cpu_conv2d_engine(); }
  static std::unique_ptr<Conv2dEngine> make_cuda_engine(const DeviceLimits& limits) {
    return make_cuda_conv2d_engine(limits);
  }
};

}  // namespace tilescope
