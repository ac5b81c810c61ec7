#pragma once
// What a view measured over its recent frames, for the timing panels and the shot log.
#include <cstddef>
#include <optional>
#include <string>

#include "app/ui/history.hpp"
#include "kernels/common/power.hpp"

namespace tilescope {

// The kernel time the panels and the HUD show is the median of this many runs (a run: what one frame
// times), the last ones since the launch last changed: a figure that holds still from frame to frame.
inline constexpr std::size_t kSteadyRuns = 31;

struct FrameStats {
  History<240> kernel_ms, frame_ms;  // a view starts a kernel_ms run when what it launches changes
  std::string kernel_backend;        // where kernel_ms's run was taken
  double upload_ms = 0;              // moving input/output into the textures (interop or upload)
  std::string transfer;              // which path did it
  double source_ms = 0;              // generating the demo frame
  std::string status;                // last screenshot path, load errors, ...
  // The GPU while it computes (NVML, a few samples a second): none on the CPU or without NVML,
  // then gpu_note says why.
  std::optional<PowerSample> gpu;
  double gpu_power_limit_w = 0;
  std::string gpu_note;

  // Adds a run's kernel time, taken on the backend named `backend`. A run taken elsewhere than the
  // last (the device failed and the CPU took over) starts a new kernel_ms run.
  void add_kernel_ms(double ms, const std::string& backend) {
    if (backend != kernel_backend) kernel_ms.start_run(), kernel_backend = backend;
    kernel_ms.push(float(ms));
  }
  double steady_kernel_ms() const { return kernel_ms.run_median(kSteadyRuns); }
  int steady_runs() const { return int(kernel_ms.run_span(kSteadyRuns)); }
};

}  // namespace tilescope
