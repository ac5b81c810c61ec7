#pragma once
// Multi-threaded CPU 3D star stencil: the oracle for the CUDA kernels and the fallback backend.
// Interior cells get the correlation with the coefficients; cells within `order` of the domain's
// edge keep their input value. Same result for every strategy.
#include "kernels/stencil3d/coeffs.hpp"

namespace tilescope {

void stencil3d_cpu(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth);
// `steps` sweeps of stencil3d_cpu (each from the last one's output): the oracle of --steps K and of
// the temporal strategy, which fuses them.
void stencil3d_cpu_steps(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth,
                         int steps);

}  // namespace tilescope
