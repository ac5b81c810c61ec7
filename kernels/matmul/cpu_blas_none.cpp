// No BLAS in this build: the CPU matmul engine has no library reference point.
#include "kernels/matmul/cpu_blas.hpp"

#include "kernels/common/error.hpp"

namespace tilescope {

std::string cpu_blas_name() { return {}; }

void cpu_blas_sgemm(const float*, const float*, float*, int, int, int) {
  throw InvalidInput("this build has no BLAS (install libopenblas-dev and reconfigure)");
}

}  // namespace tilescope
