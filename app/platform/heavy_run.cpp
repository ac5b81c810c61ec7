#include "app/platform/heavy_run.hpp"

#include <iostream>
#include <string>

#include "app/shell/frame_work.hpp"
#include "app/ui/frame_cost.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/cpu_pool.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

// Drawing the window (Mesa's llvmpipe: 20 ms a frame at 1600x900) and encoding it (a GIF 50 ms a
// frame with the drawing, an MP4 100 ms), a second a pixel.
constexpr double kDrawSecondsPerPixel = 15e-9, kRecordSecondsPerPixel = 50e-9;

}  // namespace

void check_heavy_run(const UiState& state, const ShotOptions& o, int frames, bool running, bool record) {
  UiState headless = state;
  headless.work_budget_ms = 0;  // as HeadlessFrames runs it: each frame does all of its work
  const FrameWork work = frame_work(headless);
  const int threads = cpu_threads();
  // Where "auto" runs is only worth asking (a CUDA context) when the settings are heavy on the CPU.
  std::string backend = state.backend == "auto" ? "cpu" : state.backend;
  const FrameSeconds on_cpu = frame_seconds(work, "cpu", threads);
  if (state.backend == "auto" && (on_cpu.first > kHeavyFrameSeconds || on_cpu.running > kHeavyFrameSeconds))
    backend = choose_backend_or_cpu("auto").backend->name();
  const FrameSeconds t = frame_seconds(work, backend, threads);
  const double window = double(o.width) * o.height * (record ? kRecordSecondsPerPixel : kDrawSecondsPerPixel);
  const double frame = (running ? t.running : 0.0) + window;
  const double total = t.first + window + (frames - 1) * frame;
  if (total > kAskAboveSeconds && !o.yes)
    throw InvalidInput("this " + std::string(record ? "recording" : "shot") + " would take about " + about(total) +
                       ": " + std::to_string(frames) + " frames of " + std::to_string(o.width) + "x" +
                       std::to_string(o.height) + " showing " + work.what + ", about " + about(frame) +
                       " each on the " + (backend == "cuda" ? "GPU" : "CPU") + " with the drawing" +
                       (record ? " and encoding" : "") +
                       "; add --yes to run it anyway, or ask for fewer frames or lighter settings");
  if (const auto notice = heavy_frame_notice(work, backend, threads, running))
    std::cerr << "tilescope: " << *notice << "\n";
}

}  // namespace tilescope
