#pragma once
// cuBLAS sgemm on row-major device matrices: the real reference point for the matmul kernels.
#include <cublas_v2.h>
#include <cuda_runtime.h>

namespace tilescope::cuda {

// Owns a cuBLAS handle (move-only).
class CublasSgemm {
 public:
  CublasSgemm();
  CublasSgemm(CublasSgemm&& o) noexcept;
  CublasSgemm& operator=(CublasSgemm&& o) noexcept;
  CublasSgemm(const CublasSgemm&) = delete;
  CublasSgemm& operator=(const CublasSgemm&) = delete;
  ~CublasSgemm();

  // d_P = d_M d_N in FP32 (M rows x inner, N inner x cols, all row-major). Throws BackendError.
  void multiply(const float* d_M, const float* d_N, float* d_P, int rows, int inner, int cols,
                cudaStream_t stream = nullptr) const;

 private:
  cublasHandle_t handle_ = nullptr;
};

}  // namespace tilescope::cuda
