#pragma once
// matmul as code written once for every pattern sees it (kernels/common/pattern_traits.hpp).
#include "kernels/common/pattern_traits.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

struct MatmulPattern : PatternTraits<MatmulPattern, MatmulParams, MatmulEngine> {
  static constexpr std::string_view name() { return "matmul"; }
  static std::unique_ptr<MatmulEngine> make_cpu_engine() { return make_cpu_matmul_engine(); }
  static std::unique_ptr<MatmulEngine> make_cuda_engine(const DeviceLimits& limits) {
    return make_cuda_matmul_engine(limits);
  }
};

}  // namespace tilescope
