#pragma once
// stencil3d as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

struct Stencil3dPattern : PatternTraits<Stencil3dPattern, Stencil3dParams, Stencil3dEngine> {
  static constexpr std::string_view name() { return "stencil3d"; }
  static std::unique_ptr<Stencil3dEngine> make_cpu_engine() { return make_cpu_stencil3d_engine(); }
  static std::unique_ptr<Stencil3dEngine> make_cuda_engine(const DeviceLimits& limits) {
    return make_cuda_stencil3d_engine(limits);
  }
};

}  // namespace tilescope
