#pragma once
// stencil3d as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/stencil3d/engine.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

struct Stencil3dPattern : PatternTraits<Stencil3dParams, Stencil3dEngine, &Backend::make_stencil3d_engine> {
  static constexpr std::string_view name() { return "stencil3d"; }
};

}  // namespace tilescope
