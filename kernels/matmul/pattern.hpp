#pragma once
// matmul as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

struct MatmulPattern : PatternTraits<MatmulParams, MatmulEngine, &Backend::make_matmul_engine> {
  static constexpr std::string_view name() { return "matmul"; }
};

}  // namespace tilescope
