#pragma once
// The GPU's SM clock and board power for the timing panels: NVML (kernels/common/power.hpp)
// sampled a few times a second while the current view's backend is a GPU.
#include <chrono>
#include <memory>
#include <string>

#include "app/ui/frame_stats.hpp"
#include "kernels/common/backend.hpp"

namespace tilescope {

class GpuPower {
 public:
  // Opens the backend's GPU when it changes, and stores the latest sample in `stats`.
  void update(const Backend& backend, FrameStats& stats);

 private:
  std::string pci_bus_id_;
  std::unique_ptr<PowerMonitor> monitor_;
  std::string why_not_;
  std::chrono::steady_clock::time_point next_sample_{};
};

}  // namespace tilescope
