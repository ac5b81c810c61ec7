#include "kernels/stencil3d/engine.hpp"

#include "kernels/common/error.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/model.hpp"

namespace tilescope {

void validate_stencil3d_run(const Stencil3dParams& p, const StencilCoeffs& c, const DeviceLimits& limits) {
  validate_launch(p, limits);
  if (c.order != p.order)
    throw InvalidInput("the coefficients are of order " + std::to_string(c.order) + " but the stencil is of order " +
                       std::to_string(p.order));
}

void check_resident_grid(const Stencil3dParams& p, int width, int height, int depth) {
  if (p.width != width || p.height != height || p.depth != depth)
    throw InvalidInput("the parameters' grid size differs from the resident grid");
}

void validate_stencil3d_broken_run(const Stencil3dParams& p, Break bug, const StencilCoeffs& c,
                                   const DeviceLimits& limits) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  validate_stencil3d_run(p, c, limits);
}

double Stencil3dEngine::apply_broken(const Stencil3dParams& p, Break bug, const StencilCoeffs& c, const float* h_in,
                                     float* h_out) {
  load(h_in, p.width, p.height, p.depth);
  const double ms = run_broken(p, bug, c);
  read(GridBuffer::next, h_out);
  return ms;
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
