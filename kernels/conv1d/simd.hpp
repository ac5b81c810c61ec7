#pragma once
// The CPU backend's 1D correlation: conv1d_cpu's result (zero ghost cells, the same taps, summed
// in another order with fused multiply-adds), vectorised with Highway on the instruction set this
// CPU has (kernels/common/simd_target.hpp), in chunks shared over the OpenMP threads. Every
// strategy runs it: on the CPU the book's strategies are not different code.
#include "kernels/conv1d/filter.hpp"

namespace tilescope {

// Radius 1..kMaxConv1dRadius.
void conv1d_simd(const Filter1d& f, const float* in, float* out, int length);

}  // namespace tilescope
