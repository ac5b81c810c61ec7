#pragma once
// conv2d as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

struct Conv2dPattern : PatternTraits<Conv2dParams, Conv2dEngine, &Backend::make_conv2d_engine> {
  static constexpr std::string_view name() { return "conv2d"; }
};

}  // namespace tilescope
