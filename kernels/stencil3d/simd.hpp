#pragma once
// The CPU backend's 3D star stencil: stencil3d_cpu's result (the same 6k+1 terms, summed in another
// order with fused multiply-adds; cells within k of the edge keep their value), vectorised with
// Highway on the instruction set this CPU has (kernels/common/simd_target.hpp), rows split over
// the OpenMP threads. Every strategy runs it: on the CPU the book's strategies are not different code.
#include "kernels/stencil3d/coeffs.hpp"

namespace tilescope {

// Order 1..kMaxStencil3dRadius.
void stencil3d_simd(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth);
// `steps` steps fused (temporal blocking, cache-blocked: temporal_cpu_axis in geometry.hpp): the
// same result as `steps` sweeps of stencil3d_simd; out must not alias in.
void stencil3d_simd_steps(const StencilCoeffs& c, const float* in, float* out, int width, int height, int depth,
                          int steps);

}  // namespace tilescope
