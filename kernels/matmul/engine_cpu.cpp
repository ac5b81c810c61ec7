// The CPU's matmul engine: the Highway engine (simd.hpp) for both strategies, timed; BLAS sgemm
// (cpu_blas.hpp) on the same matrices where the build has one.
#include <algorithm>
#include <optional>
#include <string>

#include "kernels/common/error.hpp"
#include "kernels/common/wall_clock.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/cpu_blas.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/matmul/simd.hpp"

namespace tilescope {
namespace {

class CpuMatmulEngine final : public MatmulEngine {
 public:
  CpuMatmulEngine() : MatmulEngine(DeviceLimits{}) {}

  void load_inputs(const float* h_M, const float* h_N, int rows, int inner, int cols) override {
    rows_ = rows, inner_ = inner, cols_ = cols;
    M_.assign(h_M, h_M + std::size_t(rows) * inner);
    N_.assign(h_N, h_N + std::size_t(inner) * cols);
    P_.assign(std::size_t(rows) * cols, 0.0f);
  }
  double run(const MatmulParams& p) override {
    validate_matmul_run(p, limits(), rows_, inner_, cols_);
    return wall_ms([&] { matmul_simd(M_.data(), N_.data(), P_.data(), p.rows, p.inner, p.cols); });
  }
  double run_broken(const MatmulParams& p, Break bug) override {
    validate_matmul_broken_run(p, bug, limits(), rows_, inner_, cols_);
    return wall_ms([&] { matmul_broken_cpu(p, bug, M_.data(), N_.data(), P_.data()); });
  }
  std::optional<double> run_library() override {
    if (library_name().empty()) return std::nullopt;
    if (P_.empty()) throw InvalidInput("BLAS: no matrices loaded");
    return wall_ms([&] { cpu_blas_sgemm(M_.data(), N_.data(), P_.data(), rows_, inner_, cols_); });
  }
  std::string library_name() const override { return cpu_blas_name(); }
  void read_output(float* h_P) const override { std::copy(P_.begin(), P_.end(), h_P); }

 private:
  int rows_ = 0, inner_ = 0, cols_ = 0;
  std::vector<float> M_, N_, P_;
};

}  // namespace

std::unique_ptr<MatmulEngine> make_cpu_matmul_engine() { return std::make_unique<CpuMatmulEngine>(); }

}  // namespace tilescope
