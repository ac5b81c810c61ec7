#include "kernels/common/power.hpp"

#include <dlfcn.h>

#include <chrono>

namespace tilescope {
namespace {

// The few NVML entry points used here, by their documented C signatures (nvmlDevice_t is an
// opaque handle; every call returns nvmlReturn_t, 0 on success).
using Device = void*;
using Status = int;
constexpr Status kSuccess = 0;
constexpr unsigned kClockSm = 1;                          // NVML_CLOCK_SM
constexpr unsigned long long kReasonSwPowerCap = 0x4;     // nvmlClocksEventReasonSwPowerCap
constexpr unsigned long long kReasonHwPowerBrake = 0x80;  // nvmlClocksEventReasonHwPowerBrakeSlowdown

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

struct PowerMonitor::Api {
  void* lib = nullptr;
  Device device = nullptr;
  Status (*shutdown)() = nullptr;
  Status (*clock_info)(Device, unsigned, unsigned*) = nullptr;
  Status (*power_usage)(Device, unsigned*) = nullptr;
  Status (*power_limit)(Device, unsigned*) = nullptr;
  Status (*energy)(Device, unsigned long long*) = nullptr;
  Status (*event_reasons)(Device, unsigned long long*) = nullptr;
  ~Api() {
    if (shutdown) shutdown();
    if (lib) dlclose(lib);
  }
};

PowerWindow summarize_power(const std::vector<PowerSample>& samples, unsigned long long energy_start_mj,
                            unsigned long long energy_end_mj, double seconds) {
  PowerWindow w;
  w.samples = int(samples.size());
  w.seconds = seconds;
  w.energy_mj = energy_end_mj > energy_start_mj ? double(energy_end_mj - energy_start_mj) : 0.0;
  if (samples.empty()) return w;
  int capped = 0;
  for (const PowerSample& s : samples) {
    w.sm_clock_mhz += s.sm_clock_mhz;
    w.power_w += s.power_w;
    capped += s.power_capped;
  }
  w.sm_clock_mhz /= w.samples;
  w.power_w /= w.samples;
  w.power_capped_pct = 100.0 * capped / w.samples;
  return w;
}

std::unique_ptr<PowerMonitor> PowerMonitor::open(const std::string& pci_bus_id, std::string& why_not) {
  auto api = std::make_unique<Api>();
  api->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!api->lib) {
    why_not = "no NVML (libnvidia-ml.so.1 comes with the NVIDIA driver): clock and power not read";
    return nullptr;
  }
  auto sym = [&](const char* name) { return dlsym(api->lib, name); };
  auto init = reinterpret_cast<Status (*)()>(sym("nvmlInit_v2"));
  auto by_pci = reinterpret_cast<Status (*)(const char*, Device*)>(sym("nvmlDeviceGetHandleByPciBusId_v2"));
  auto by_index = reinterpret_cast<Status (*)(unsigned, Device*)>(sym("nvmlDeviceGetHandleByIndex_v2"));
  auto error_string = reinterpret_cast<const char* (*)(Status)>(sym("nvmlErrorString"));
  api->clock_info = reinterpret_cast<decltype(api->clock_info)>(sym("nvmlDeviceGetClockInfo"));
  api->power_usage = reinterpret_cast<decltype(api->power_usage)>(sym("nvmlDeviceGetPowerUsage"));
  api->power_limit = reinterpret_cast<decltype(api->power_limit)>(sym("nvmlDeviceGetEnforcedPowerLimit"));
  api->energy = reinterpret_cast<decltype(api->energy)>(sym("nvmlDeviceGetTotalEnergyConsumption"));
  api->event_reasons = reinterpret_cast<decltype(api->event_reasons)>(sym("nvmlDeviceGetCurrentClocksEventReasons"));
  if (!api->event_reasons)  // drivers before 535 name it after throttling
    api->event_reasons =
        reinterpret_cast<decltype(api->event_reasons)>(sym("nvmlDeviceGetCurrentClocksThrottleReasons"));
  if (!init || !by_pci || !by_index || !api->clock_info || !api->power_usage) {
    why_not = "this NVML lacks the clock or power queries: clock and power not read";
    return nullptr;
  }
  const auto reason = [&](Status s) { return std::string(error_string ? error_string(s) : "error"); };
  if (const Status s = init(); s != kSuccess) {
    why_not = "NVML did not start (" + reason(s) + "): clock and power not read";
    return nullptr;
  }
  api->shutdown = reinterpret_cast<Status (*)()>(sym("nvmlShutdown"));
  const Status found = pci_bus_id.empty() ? by_index(0, &api->device) : by_pci(pci_bus_id.c_str(), &api->device);
  if (found != kSuccess) {
    why_not = "NVML has no GPU " + (pci_bus_id.empty() ? std::string("0") : "at " + pci_bus_id) + " (" + reason(found) +
              "): clock and power not read";
    return nullptr;
  }
  return std::unique_ptr<PowerMonitor>(new PowerMonitor(std::move(api)));
}

PowerMonitor::PowerMonitor(std::unique_ptr<Api> api) : api_(std::move(api)) {}
PowerMonitor::~PowerMonitor() = default;

std::optional<PowerSample> PowerMonitor::sample() const {
  unsigned clock = 0, milliwatts = 0;
  if (api_->clock_info(api_->device, kClockSm, &clock) != kSuccess) return std::nullopt;
  if (api_->power_usage(api_->device, &milliwatts) != kSuccess) return std::nullopt;
  unsigned long long reasons = 0;
  if (api_->event_reasons) api_->event_reasons(api_->device, &reasons);
  return PowerSample{double(clock), milliwatts / 1000.0, (reasons & (kReasonSwPowerCap | kReasonHwPowerBrake)) != 0};
}

double PowerMonitor::power_limit_w() const {
  unsigned milliwatts = 0;
  return api_->power_limit && api_->power_limit(api_->device, &milliwatts) == kSuccess ? milliwatts / 1000.0 : 0.0;
}

std::optional<unsigned long long> PowerMonitor::energy_mj() const {
  unsigned long long mj = 0;
  if (!api_->energy || api_->energy(api_->device, &mj) != kSuccess) return std::nullopt;
  return mj;
}

PowerRecorder::PowerRecorder(const PowerMonitor& monitor, int period_ms)
    : monitor_(monitor), energy_start_(monitor.energy_mj().value_or(0)), start_s_(now_s()) {
  thread_ = std::thread([this, period_ms] {
    while (!stop_.load()) {
      if (auto s = monitor_.sample()) samples_.push_back(*s);
      std::this_thread::sleep_for(std::chrono::milliseconds(period_ms));
    }
  });
}

PowerRecorder::~PowerRecorder() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

PowerWindow PowerRecorder::finish() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  const double seconds = now_s() - start_s_;
  const unsigned long long energy_end = monitor_.energy_mj().value_or(energy_start_);
  return summarize_power(samples_, energy_start_, energy_end, seconds);
}

}  // namespace tilescope
