#pragma once
// The BLAS sgemm this build links for the CPU (OpenBLAS, where CMake found it): the CPU matmul
// engine's library reference point, as cuBLAS is the CUDA engine's.
#include <string>

namespace tilescope {

// e.g. "OpenBLAS 0.3.21 sgemm"; empty where the build has no BLAS.
std::string cpu_blas_name();
// P = M N, row-major (M rows x inner, N inner x cols), on as many threads as OpenMP would use.
// Only where cpu_blas_name() is not empty.
void cpu_blas_sgemm(const float* M, const float* N, float* P, int rows, int inner, int cols);

}  // namespace tilescope
