// OpenBLAS (libopenblas-dev): compiled where CMake found it.
#include "kernels/matmul/cpu_blas.hpp"

#include <cblas.h>
#include <omp.h>

#include <sstream>

namespace tilescope {

std::string cpu_blas_name() {
  std::istringstream config(openblas_get_config());  // "OpenBLAS 0.3.21 DYNAMIC_ARCH ... Zen ..."
  std::string library, version;
  config >> library >> version;
  return library + " " + version + " sgemm";
}

void cpu_blas_sgemm(const float* M, const float* N, float* P, int rows, int inner, int cols) {
  openblas_set_num_threads(omp_get_max_threads());
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, cols, inner, 1.0f, M, inner, N, cols, 0.0f, P, cols);
}

}  // namespace tilescope
