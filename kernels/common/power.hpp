#pragma once
// Board power and SM clock of the GPU while a kernel runs, read through NVML (libnvidia-ml, which
// comes with the NVIDIA driver). The library is loaded at run time, so this build needs no nvml.h
// and a machine without the driver says why instead of faking a figure.
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace tilescope {

struct PowerSample {
  double sm_clock_mhz = 0;
  double power_w = 0;         // board power as NVML reports it (averaged by the driver)
  bool power_capped = false;  // the clocks were held down by the power limit (cap or power brake)
};

// What a stretch of work drew: means over the samples taken while it ran, and the energy the
// board's counter advanced by (0 where the GPU has no such counter).
struct PowerWindow {
  int samples = 0;
  double sm_clock_mhz = 0;
  double power_w = 0;
  double power_capped_pct = 0;  // share of the samples with the power cap active
  double energy_mj = 0;
  double seconds = 0;
  bool power_capped() const { return power_capped_pct >= 50.0; }
};

// Means of the samples; energy is the counter's difference (both read in millijoules).
PowerWindow summarize_power(const std::vector<PowerSample>& samples, unsigned long long energy_start_mj,
                            unsigned long long energy_end_mj, double seconds);

class PowerMonitor {
 public:
  // The GPU with this PCI bus id (as cudaDeviceGetPCIBusId writes it; empty: NVML's GPU 0); nullptr
  // with the reason in
  // `why_not` when NVML or the device cannot be read.
  static std::unique_ptr<PowerMonitor> open(const std::string& pci_bus_id, std::string& why_not);
  ~PowerMonitor();
  PowerMonitor(const PowerMonitor&) = delete;
  PowerMonitor& operator=(const PowerMonitor&) = delete;

  std::optional<PowerSample> sample() const;
  double power_limit_w() const;                         // the enforced limit (0 if unknown)
  std::optional<unsigned long long> energy_mj() const;  // the board's running energy counter

 private:
  struct Api;
  explicit PowerMonitor(std::unique_ptr<Api> api);
  std::unique_ptr<Api> api_;
};

// Samples a monitor every `period_ms` on a background thread from construction until finish().
class PowerRecorder {
 public:
  explicit PowerRecorder(const PowerMonitor& monitor, int period_ms = 5);
  ~PowerRecorder();
  PowerRecorder(const PowerRecorder&) = delete;
  PowerRecorder& operator=(const PowerRecorder&) = delete;
  PowerWindow finish();

 private:
  const PowerMonitor& monitor_;
  std::atomic<bool> stop_{false};
  std::vector<PowerSample> samples_;
  unsigned long long energy_start_ = 0;
  double start_s_ = 0;
  std::thread thread_;
};

}  // namespace tilescope
