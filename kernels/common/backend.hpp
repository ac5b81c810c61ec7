#pragma once
// A backend is the hardware the patterns run on, chosen by name: its limits and peaks, and a copy
// to measure its bandwidth. Each pattern makes its own engine for a backend (its trait's
// make_engine, kernels/common/pattern_traits.hpp), so this header names no pattern.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/launch.hpp"

namespace tilescope {

// Hardware ceilings for the roofline (0 where unknown).
struct DevicePeaks {
  double bandwidth_gbs = 0;  // DRAM, from the memory clock and bus width
  double fp32_gflops = 0;    // FP32 lanes x 2 (FMA) x SM clock
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;         // "cpu" or "cuda"
  virtual std::string description() const = 0;  // hardware, for the UI and logs
  // What computes every strategy where that is one engine for all (the CPU), for the timing
  // panels; empty where each strategy is its own kernel (CUDA).
  virtual std::string engine_note() const { return {}; }
  virtual DeviceLimits limits() const = 0;
  virtual DevicePeaks peaks() const { return {}; }
  // The GPU's PCI bus id, as NVML finds it (kernels/common/power.hpp); empty on the CPU.
  virtual std::string pci_bus_id() const { return {}; }
  // The CUDA device it computes on (as cudaGetDevice numbers it); none on the CPU.
  virtual std::optional<int> cuda_device() const { return std::nullopt; }
  // Returns once the work this thread queued on the backend is done (on the CPU: at once).
  virtual void finish() const {}

  // `reps` copies of `bytes` within the backend's memory (device to device on a GPU): the time
  // of each in ms. A copy reads every byte once and writes it once (2 x bytes of traffic), as a
  // perfect streaming kernel would, so `bench` measures it beside the kernels as their ceiling.
  virtual std::vector<double> time_copy(std::size_t bytes, int reps) const = 0;
};

std::unique_ptr<Backend> make_cpu_backend();
// Throws InvalidInput when this build has no CUDA, BackendError when no device is usable.
std::unique_ptr<Backend> make_cuda_backend();
bool cuda_compiled();

struct BackendChoice {
  std::unique_ptr<Backend> backend;
  std::string note;  // set when "auto" fell back to the CPU, saying why
};
// name: auto | cpu | cuda. "auto" takes CUDA when a device is usable, else the CPU.
BackendChoice choose_backend(const std::string& name);
// As choose_backend, but never throws for want of a device: falls back to the CPU with a note.
BackendChoice choose_backend_or_cpu(const std::string& name);

}  // namespace tilescope
