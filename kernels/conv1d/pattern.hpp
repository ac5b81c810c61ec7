#pragma once
// conv1d as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

struct Conv1dPattern : PatternTraits<Conv1dParams, Conv1dEngine, &Backend::make_conv1d_engine> {
  static constexpr std::string_view name() { return "conv1d"; }
};

}  // namespace tilescope
