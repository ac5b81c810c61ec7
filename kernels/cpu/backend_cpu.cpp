#include <omp.h>

#include <chrono>

#include "kernels/backend.hpp"
#include "kernels/cpu/conv2d_cpu.hpp"

namespace tilescope {
namespace {

class CpuBackend final : public Backend {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU, " + std::to_string(omp_get_max_threads()) + " threads (OpenMP)";
  }
  DeviceLimits limits() const override { return {}; }
  std::vector<double> conv2d(const Conv2dParams& p, const Filter2d& f, const float* h_in,
                             float* h_out, int reps) override {
    validate_run(p, f, limits());
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      conv2d_cpu(f, h_in, h_out, p.width, p.height);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return ms;
  }
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend() { return std::make_unique<CpuBackend>(); }

}  // namespace tilescope
