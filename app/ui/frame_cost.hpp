#pragma once
// What one frame of a pattern's view asks of the machine, as the pattern's trait models it from its
// settings (app/<pattern>/frame_work.cpp: the sizes, taps and steps its model counts), and the time
// that takes at nominal rates: the app's notice about heavy settings and the headless commands'
// estimate before they start read it. An estimate to tell seconds from minutes, not a benchmark.
#include <optional>
#include <string>

namespace tilescope {

struct FrameWork {
  double flops = 0;        // a running frame's launches on the view's backend (counted: 2 a tap)
  double bytes = 0;        // what a running frame moves there: its launches' compulsory bytes, the data drawn and shown
  double check_flops = 0;  // a check against the CPU reference (on the CPU, whatever the backend)
  bool checks_every_frame = false;  // every running frame is checked (a diff view, a break), not only a change
  // A view that stops launching once a frame has spent budget_s seconds (after one launch, of
  // launch_flops and launch_bytes): its frames take that long at most, the rest of the work waits.
  bool stops_at_budget = false;  // the view stops launching at CommonState::work_budget_ms
  double budget_s = 0;           // 0: no budget, the frame does all of `flops` and `bytes`
  double launch_flops = 0, launch_bytes = 0;
  std::string what;  // the settings that cost: "conv2d 8192^2 at r = 8 (289 taps)"
};

struct FrameSeconds {
  double first = 0;    // a configuration's first frame: its launches and its check
  double running = 0;  // each frame after it while the view runs
  double asked = 0;    // what a running frame's launches would take without a budget
};

// At nominal rates on `backend` ("cpu" or "cuda") with `threads` CPU threads: the CPU 10 GFLOP/s a
// thread and 5 GB/s (a 2-core EPYC ran conv2d's engine and reference at 20-25 GFLOP/s a thread and
// moved an 8192^2 frame's 1.9 GB in 0.26 s: the rates err slow), a GPU 10 TFLOP/s and 1 TB/s.
FrameSeconds frame_seconds(const FrameWork& w, const std::string& backend, int threads);

// The time a window's frame spends on work that can wait for the next frame (a check against the
// reference in bands) before it stops: heavy settings slow that work, not the window.
inline constexpr double kFrameWorkBudgetMs = 40;

// Over this a frame is heavy: the view runs under 4 frames a second.
inline constexpr double kHeavyFrameSeconds = 0.25;

// "heavy settings: conv2d 8192^2 at r = 8 (289 taps): about 3.9 s of work a frame on the CPU" when the
// frame the view shows (a running one; the first one when paused) is heavy; nothing otherwise.
std::optional<std::string> heavy_frame_notice(const FrameWork& w, const std::string& backend, int threads,
                                              bool running);

// "0.4 s", "14 s", "25 min", "3.1 h": a duration as an estimate says it.
std::string about(double seconds);

}  // namespace tilescope
