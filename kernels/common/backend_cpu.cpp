#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

#include "kernels/common/backend.hpp"
#include "kernels/common/cpu_pool.hpp"
#include "kernels/common/simd_target.hpp"

namespace tilescope {
namespace {

#ifdef __EMSCRIPTEN__
// The browser build runs its engines on the page's thread: WebAssembly threads need a page that is
// cross-origin isolated and a second, threaded build, which the site does not carry.
std::string cpu_model_and_cores() { return "WebAssembly in the browser, one thread: the site has no threaded build"; }
#else
// "AMD EPYC, 2 cores": /proc/cpuinfo's model name (where there is one) and the cores the OS gives us.
std::string cpu_model_and_cores() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, model;
  while (model.empty() && std::getline(cpuinfo, line))
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
      model = line.substr(line.find(':') + 2) + ", ";
  return model + std::to_string(std::thread::hardware_concurrency()) + " cores";
}
#endif

class CpuBackend final : public Backend {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU (" + model_and_cores_ + "), Highway " + simd_target() + ", " + std::to_string(cpu_threads()) +
           " threads";
  }
  std::string engine_note() const override {
    return "CPU: one Highway " + std::string(simd_target()) + " engine (" + std::to_string(simd_lanes()) +
           " floats a vector) for every strategy, " + std::to_string(cpu_threads()) +
           " threads: on the CPU the book's strategies are not different code";
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

 private:
  const std::string model_and_cores_ = cpu_model_and_cores();  // read once: the app asks every frame
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend() { return std::make_unique<CpuBackend>(); }

}  // namespace tilescope
