#include <string>
#include <utility>

#include "kernels/common/error.hpp"
#include "kernels/matmul/cublas_sgemm.cuh"

namespace tilescope::cuda {
namespace {

void check_cublas(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw BackendError(std::string(what) + ": " + cublasGetStatusName(status) + " (" + cublasGetStatusString(status) +
                       ")");
}

}  // namespace

CublasSgemm::CublasSgemm() {
  check_cublas(cublasCreate(&handle_), "cublasCreate");
  // FP32 inputs and accumulation, as the book's kernels: the default math mode never rounds to
  // TF32 (that needs CUBLAS_TF32_TENSOR_OP_MATH), so the comparison is like for like.
  check_cublas(cublasSetMathMode(handle_, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
}

CublasSgemm::CublasSgemm(CublasSgemm&& o) noexcept : handle_(std::exchange(o.handle_, nullptr)) {}

CublasSgemm& CublasSgemm::operator=(CublasSgemm&& o) noexcept {
  std::swap(handle_, o.handle_);
  return *this;
}

CublasSgemm::~CublasSgemm() {
  if (handle_) cublasDestroy(handle_);
}

void CublasSgemm::multiply(const float* d_M, const float* d_N, float* d_P, int rows, int inner, int cols,
                           cudaStream_t stream) const {
  // cuBLAS is column-major: a row-major P = M N is the column-major P^T = N^T M^T, i.e. the
  // same bytes with the operands swapped.
  const float one = 1.0f, zero = 0.0f;
  check_cublas(cublasSetStream(handle_, stream), "cublasSetStream");
  check_cublas(
      cublasSgemm(handle_, CUBLAS_OP_N, CUBLAS_OP_N, cols, rows, inner, &one, d_N, cols, d_M, inner, &zero, d_P, cols),
      "cublasSgemm");
}

}  // namespace tilescope::cuda
