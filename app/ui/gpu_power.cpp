#include "app/ui/gpu_power.hpp"

namespace tilescope {

void GpuPower::update(const Backend& backend, FrameStats& stats) {
  const std::string id = backend.pci_bus_id();
  if (id.empty()) {  // the CPU backend: there is no GPU to read
    stats.gpu.reset();
    stats.gpu_note.clear();
    return;
  }
  if (id != pci_bus_id_) {
    pci_bus_id_ = id;
    monitor_ = PowerMonitor::open(id, why_not_);
    next_sample_ = {};
  }
  stats.gpu_note = monitor_ ? "" : why_not_;
  if (!monitor_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_sample_) return;
  next_sample_ = now + std::chrono::milliseconds(250);
  stats.gpu = monitor_->sample();
  stats.gpu_power_limit_w = monitor_->power_limit_w();
}

}  // namespace tilescope
