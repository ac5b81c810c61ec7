#pragma once
// The CPU backend's 2D correlation: conv2d_cpu's result (zero ghost cells, the same taps, summed
// in another order and with fused multiply-adds), vectorised with Highway on the instruction set
// this CPU has (kernels/common/simd_target.hpp) and split into bands of rows over the OpenMP
// threads. Every strategy runs it: on the CPU the book's strategies are not different code.
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

// Radius 1..kMaxConv2dRadius.
void conv2d_simd(const Filter2d& f, const float* in, float* out, int width, int height);

}  // namespace tilescope
