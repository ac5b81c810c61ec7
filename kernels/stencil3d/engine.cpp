#include "kernels/stencil3d/engine.hpp"

#include "kernels/common/error.hpp"
#include "kernels/stencil3d/model.hpp"

namespace tilescope {

void validate_stencil3d_run(const Stencil3dParams& p, const StencilCoeffs& c, const DeviceLimits& limits) {
  validate_launch(p, limits);
  if (c.order != p.order)
    throw InvalidInput("the coefficients are of order " + std::to_string(c.order) + " but the stencil is of order " +
                       std::to_string(p.order));
}

std::vector<double> Stencil3dEngine::apply(const Stencil3dParams& p, const StencilCoeffs& c, const float* h_in,
                                           float* h_out, int reps) {
  load(h_in, p.width, p.height, p.depth);
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) ms.push_back(run(p, c));
  read(GridBuffer::next, h_out);
  return ms;
}

}  // namespace tilescope
