#pragma once
// The CPU backend's matrix product: matmul_cpu's result (every product summed, in another order
// with fused multiply-adds), computed the way BLAS libraries do: blocks of M and N packed into
// contiguous panels, and a register-blocked micro-kernel in Highway on the instruction set this CPU
// has (kernels/common/simd_target.hpp); blocks of rows shared over the OpenMP threads. Both
// strategies run it: on the CPU the book's strategies are not different code.
namespace tilescope {

// P = M N, row-major: M rows x inner, N inner x cols.
void matmul_simd(const float* M, const float* N, float* P, int rows, int inner, int cols);

}  // namespace tilescope
