#include <omp.h>

#include <chrono>
#include <cstring>

#include "kernels/common/backend.hpp"

namespace tilescope {
namespace {

class CpuBackend final : public Backend {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU, " + std::to_string(omp_get_max_threads()) + " threads (OpenMP)";
  }
  DeviceLimits limits() const override { return {}; }

  std::vector<double> time_copy(std::size_t bytes, int reps) const override {
    std::vector<char> from(bytes, 1), to(bytes);
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      std::memcpy(to.data(), from.data(), bytes);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return ms;
  }
  std::unique_ptr<Conv1dEngine> make_conv1d_engine() const override { return make_cpu_conv1d_engine(); }
  std::unique_ptr<Conv2dEngine> make_conv2d_engine() const override { return make_cpu_conv2d_engine(); }
  std::unique_ptr<Stencil3dEngine> make_stencil3d_engine() const override { return make_cpu_stencil3d_engine(); }
  std::unique_ptr<MatmulEngine> make_matmul_engine() const override { return make_cpu_matmul_engine(); }
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend() { return std::make_unique<CpuBackend>(); }

}  // namespace tilescope
