#pragma once
// A backend is the hardware the patterns run on, chosen by name: its limits and peaks, a copy
// to measure its bandwidth, and each pattern's engine computing there (make_<pattern>_engine).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/common/launch.hpp"
#include "kernels/conv1d/engine.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/matmul/engine.hpp"
#include "kernels/stencil3d/engine.hpp"

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

  // `reps` copies of `bytes` within the backend's memory (device to device on a GPU): the time
  // of each in ms. A copy reads every byte once and writes it once (2 x bytes of traffic), as a
  // perfect streaming kernel would, so `bench` measures it beside the kernels as their ceiling.
  virtual std::vector<double> time_copy(std::size_t bytes, int reps) const = 0;

  // Each pattern's engine, computing on this backend's hardware.
  virtual std::unique_ptr<Conv1dEngine> make_conv1d_engine() const = 0;
  virtual std::unique_ptr<Conv2dEngine> make_conv2d_engine() const = 0;
  virtual std::unique_ptr<Stencil3dEngine> make_stencil3d_engine() const = 0;
  virtual std::unique_ptr<MatmulEngine> make_matmul_engine() const = 0;
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
