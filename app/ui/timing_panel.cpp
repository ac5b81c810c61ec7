#include <imgui.h>

#include "app/ui/copy_ceiling.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/roofline.hpp"
#include "kernels/traffic.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

void timing_panel(const UiState& s, const Conv2dPipeline& pipeline, const FrameStats& stats) {
  const double ms = stats.kernel_ms.latest();
  ImGui::Text("kernel %8.3f ms  (%s)", ms, pipeline.backend().name() == "cuda" ? "CUDA events" : "wall clock");
  ImGui::PlotLines("##kernel", stats.kernel_ms.data(), int(stats.kernel_ms.size()), stats.kernel_ms.offset(), nullptr,
                   0.0f, stats.kernel_ms.max() * 1.2f, {ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 3});
  double opb = 0, gflops = 0, copy_gbs = 0;
  if (ms > 0 && !conv2d_problem(s.params)) {
    const TrafficCount c = exact_traffic(s.params);
    const double compulsory = 8.0 * s.params.width * s.params.height;  // image read once, written once
    gflops = c.flops / ms * 1e-6;
    opb = c.opb();
    ImGui::Text("%.1f GB/s effective   %.1f GFLOP/s", compulsory / ms * 1e-6, gflops);
    ImGui::TextDisabled("GB/s: compulsory bytes (read + write the image once) / kernel time");
    copy_gbs = copy_ceiling_line(pipeline.backend(), compulsory, ms);
  }
  ImGui::Text("frame  %8.3f ms   to GL %.3f ms   source %.3f ms", stats.frame_ms.latest(), stats.upload_ms,
              stats.source_ms);
  ImGui::TextDisabled("to GL: %s", stats.transfer.c_str());
  const DevicePeaks peaks = pipeline.backend().peaks();
  if (peaks.bandwidth_gbs > 0 && peaks.fp32_gflops > 0) roofline(peaks, opb, gflops, copy_gbs);
  else ImGui::TextDisabled("roofline: needs the CUDA backend (device peaks)");
}

}  // namespace tilescope
