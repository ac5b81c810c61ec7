#pragma once
// Pieces of the patterns' timing panels: how the kernel was timed, its recent times, and how the
// frame reached the screen next to the roofline of the launch.
#include <string>

#include "app/ui/frame_stats.hpp"
#include "kernels/common/backend.hpp"

namespace tilescope {

// How a shown kernel time was taken: "median of 31 runs, " or "one run, ", then the clock the backend
// times a kernel with ("CUDA events" or "wall clock"); with no run, "not timed yet".
std::string kernel_timed_by(const Backend& backend, int runs);
// On the CPU, the line naming the one engine that ran, whatever the strategy (Backend::engine_note);
// nothing on a GPU.
void engine_note_line(const Backend& backend);
// The kernel's recent times as a line plot the width of the panel.
void kernel_time_plot(const FrameStats& stats);
// "to GL: ..." (how the frame reached the screen), the GPU's clock and power (NVML), then this launch on the device's
// roofline (opb, gflops: the launch's; copy_gbs: the copy ceiling, 0 if unknown), or why there is none.
void transfer_and_roofline(const FrameStats& stats, const Backend& backend, double opb, double gflops, double copy_gbs);

}  // namespace tilescope
