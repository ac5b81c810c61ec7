// The CUDA matmul engine: M, N and P stay on the device between runs; cuBLAS sgemm on the same
// matrices is the library reference point.
#include <optional>

#include "kernels/common/caller_memory.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/timed_launch.cuh"
#include "kernels/matmul/broken_kernels.cuh"
#include "kernels/matmul/cublas_sgemm.cuh"
#include "kernels/matmul/engine.hpp"
#include "kernels/matmul/kernels.cuh"

namespace tilescope::cuda {
namespace {

class CudaMatmulEngine final : public MatmulEngine {
 public:
  using MatmulEngine::MatmulEngine;

  void load_inputs(const float* h_M, const float* h_N, int rows, int inner, int cols) override {
    const std::size_t m = std::size_t(rows) * inner, n = std::size_t(inner) * cols, p = std::size_t(rows) * cols;
    if (d_M_.size() != m || d_N_.size() != n || d_P_.size() != p) {
      d_M_ = {}, d_N_ = {}, d_P_ = {};  // free before allocating: large matrices must not need twice the memory
      d_M_ = DeviceBuffer<float>(m);
      d_N_ = DeviceBuffer<float>(n);
      d_P_ = DeviceBuffer<float>(p);
    }
    rows_ = rows, inner_ = inner, cols_ = cols;
    check(cudaMemcpy(d_M_.get(), h_M, d_M_.bytes(), kCallerMemory), "cudaMemcpy (M)");
    check(cudaMemcpy(d_N_.get(), h_N, d_N_.bytes(), kCallerMemory), "cudaMemcpy (N)");
  }
  double run(const MatmulParams& p) override {
    validate_matmul_run(p, limits(), rows_, inner_, cols_);
    return timer_.time(d_P_, [&] { launch_matmul(p, d_M_.get(), d_N_.get(), d_P_.get()); });
  }
  double run_broken(const MatmulParams& p, Break bug) override {
    validate_matmul_broken_run(p, bug, limits(), rows_, inner_, cols_);
    return timer_.time(d_P_, [&] { launch_matmul_broken(p, bug, d_M_.get(), d_N_.get(), d_P_.get()); });
  }
  std::optional<double> run_library() override {
    if (d_P_.size() == 0) throw InvalidInput("cuBLAS: no matrices loaded");
    if (!cublas_) cublas_.emplace();  // created on first use: a handle costs time and memory
    return timer_.time(d_P_, [&] { cublas_->multiply(d_M_.get(), d_N_.get(), d_P_.get(), rows_, inner_, cols_); });
  }
  std::string library_name() const override { return "cuBLAS sgemm"; }
  DeviceMatrices device_matrices() const override { return {d_M_.get(), d_N_.get(), d_P_.get()}; }
  void read_output(float* h_P) const override {
    check(cudaMemcpy(h_P, d_P_.get(), d_P_.bytes(), kCallerMemory), "cudaMemcpy (P)");
  }

 private:
  int rows_ = 0, inner_ = 0, cols_ = 0;
  DeviceBuffer<float> d_M_, d_N_, d_P_;
  std::optional<CublasSgemm> cublas_;
  LaunchTimer timer_;
};

}  // namespace
}  // namespace tilescope::cuda

std::unique_ptr<tilescope::MatmulEngine> tilescope::make_cuda_matmul_engine(const DeviceLimits& limits) {
  return std::make_unique<cuda::CudaMatmulEngine>(limits);
}
