#pragma once
// The counters of the next engine run on this thread. Every CUDA engine times its launch through
// cuda::LaunchTimer, which asks count_if_asked first, so code holding an engine (bench, model
// --measure, the app) measures a run with no launch closure of its own:
//   CountedRun counted;
//   engine.run(p, f);            // measured (under the profiler), not timed
//   use(counted.reading());
// A thread that measures beside another one's GPU work (the app's background meter) passes a lent
// GpuTurn (counters.hpp). A run on the CPU engine launches nothing: the reading keeps the why_not set here.
#include <functional>

#include "kernels/common/counters.hpp"

namespace tilescope {

class CountedRun {
 public:
  explicit CountedRun(GpuTurn turn = {});
  ~CountedRun();
  CountedRun(const CountedRun&) = delete;
  CountedRun& operator=(const CountedRun&) = delete;
  const CounterReading& reading() const { return reading_; }

 private:
  friend bool count_if_asked(const std::function<void()>& launch);
  GpuTurn turn_;
  CountedRun* outer_;
  bool done_ = false;
  CounterReading reading_{std::nullopt, "the run launched nothing on a GPU (the CPU backend has no GPU counters)"};
};

// If a CountedRun on this thread still waits for its run, measures `launch` into it with
// measure_counters and returns true: the caller skips its own (timed) launch. Else false.
bool count_if_asked(const std::function<void()>& launch);

}  // namespace tilescope
