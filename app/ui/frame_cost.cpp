#include "app/ui/frame_cost.hpp"

#include <algorithm>
#include <cstdio>

namespace tilescope {
namespace {

constexpr double kCpuFlopsPerThread = 10e9, kCpuBytesPerSecond = 5e9;
constexpr double kGpuFlops = 10e12, kGpuBytesPerSecond = 1e12;

}  // namespace

FrameSeconds frame_seconds(const FrameWork& w, const std::string& backend, int threads) {
  const double cpu_flops = kCpuFlopsPerThread * std::max(threads, 1);
  const bool cpu = backend != "cuda";
  // Work is bound by its arithmetic or its memory, whichever takes longer (the roofline).
  auto roofline = [&](double flops, double bytes) {
    return std::max(flops / (cpu ? cpu_flops : kGpuFlops), bytes / (cpu ? kCpuBytesPerSecond : kGpuBytesPerSecond));
  };
  const double asked = roofline(w.flops, w.bytes);
  const double launches =
      w.budget_s > 0 ? std::min(asked, roofline(w.launch_flops, w.launch_bytes) + w.budget_s) : asked;
  const double check = w.check_flops / cpu_flops;
  return {launches + check, launches + (w.checks_every_frame ? check : 0.0), asked};
}

std::string about(double seconds) {
  char text[32];
  if (seconds < 10)
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  else if (seconds < 120)
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  else if (seconds < 7200)
    std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  else
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  return text;
}

std::optional<std::string> heavy_frame_notice(const FrameWork& w, const std::string& backend, int threads,
                                              bool running) {
  const FrameSeconds t = frame_seconds(w, backend, threads);
  const double shown = running ? t.running : t.first;
  if (shown <= kHeavyFrameSeconds) return std::nullopt;
  std::string text = "heavy settings: " + w.what + ": about " + about(shown) + " of work " +
                     (running ? "a frame" : "for the first frame") + " on the " + (backend == "cuda" ? "GPU" : "CPU");
  if (t.asked > t.running + kHeavyFrameSeconds)  // the view's budget cuts its frames short
    text += "; all of its steps would take " + about(t.asked) + ": the simulation runs slower than asked";
  return text;
}

}  // namespace tilescope
