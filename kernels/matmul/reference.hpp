#pragma once
// Multi-threaded CPU matrix product P = M N (row-major; M rows x inner, N inner x cols): the
// oracle for the CUDA kernels and cuBLAS, and the fallback engine.
namespace tilescope {

void matmul_cpu(const float* M, const float* N, float* P, int rows, int inner, int cols);

// Largest |difference| expected between two float32 evaluations of one P element whose
// operands are bounded by max_abs_m and max_abs_n (kernels/tolerance.hpp).
double matmul_tolerance(int inner, float max_abs_m, float max_abs_n);

}  // namespace tilescope
