#pragma once
// Multi-threaded CPU 3D star stencil: the oracle for the CUDA kernels and the fallback backend.
// Interior cells get the correlation with the coefficients; cells within `order` of the domain's
// edge keep their input value. Same result for every strategy.
#include "kernels/stencil3d/coeffs.hpp"

namespace tilescope {

void stencil3d_cpu(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth);

}  // namespace tilescope
