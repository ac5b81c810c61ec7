#include "app/ui/timing.hpp"

#include <imgui.h>

#include <string>

#include "app/ui/roofline.hpp"

namespace tilescope {

std::string kernel_timed_by(const Backend& backend, int runs) {
  if (runs == 0) return "not timed yet";
  const std::string clock = backend.name() == "cuda" ? "CUDA events" : "wall clock";
  return (runs > 1 ? "median of " + std::to_string(runs) + " runs, " : "one run, ") + clock;
}

void engine_note_line(const Backend& backend) {
  if (const std::string note = backend.engine_note(); !note.empty()) ImGui::TextWrapped("%s", note.c_str());
}

void kernel_time_plot(const FrameStats& stats) {
  ImGui::PlotLines("##kernel", stats.kernel_ms.data(), int(stats.kernel_ms.size()), stats.kernel_ms.offset(), nullptr,
                   0.0f, stats.kernel_ms.max() * 1.2f, {ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 3});
}

void transfer_and_roofline(const FrameStats& stats, const Backend& backend, double opb, double gflops,
                           double copy_gbs) {
  ImGui::TextDisabled("to GL: %s", stats.transfer.c_str());
  if (stats.gpu)  // NVML's readings: the clock the SMs ran at, the board's power, the cap's state
    ImGui::Text("GPU  SM %.0f MHz, board %.0f W of %.0f W, power cap %s", stats.gpu->sm_clock_mhz, stats.gpu->power_w,
                stats.gpu_power_limit_w, stats.gpu->power_capped ? "ACTIVE (clocks held down)" : "off");
  else if (!stats.gpu_note.empty())
    ImGui::TextDisabled("GPU: %s", stats.gpu_note.c_str());
  const DevicePeaks peaks = backend.peaks();
  if (peaks.bandwidth_gbs > 0 && peaks.fp32_gflops > 0)
    roofline(peaks, opb, gflops, copy_gbs);
  else
    ImGui::TextDisabled("roofline: needs the CUDA backend (device peaks)");
}

}  // namespace tilescope
