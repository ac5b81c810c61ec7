#pragma once
// What a view measured over its recent frames, for the timing panels and the shot log.
#include <optional>
#include <string>

#include "app/ui/history.hpp"
#include "kernels/common/power.hpp"

namespace tilescope {

struct FrameStats {
  History<240> kernel_ms, frame_ms;
  double upload_ms = 0;  // moving input/output into the textures (interop or upload)
  std::string transfer;  // which path did it
  double source_ms = 0;  // generating the demo frame
  std::string status;    // last screenshot path, load errors, ...
  // The GPU while it computes (NVML, a few samples a second): none on the CPU or without NVML,
  // then gpu_note says why.
  std::optional<PowerSample> gpu;
  double gpu_power_limit_w = 0;
  std::string gpu_note;
};

}  // namespace tilescope
