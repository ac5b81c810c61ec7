#pragma once
// conv1d as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

struct Conv1dPattern : PatternTraits<Conv1dPattern, Conv1dParams, Conv1dEngine> {
  static constexpr std::string_view name() { return "conv1d"; }
  static std::unique_ptr<Conv1dEngine> make_cpu_engine() { return make_cpu_conv1d_engine(); }
  static std::unique_ptr<Conv1dEngine> make_cuda_engine(const DeviceLimits& limits) {
    return make_cuda_conv1d_engine(limits);
  }
};

}  // namespace tilescope
