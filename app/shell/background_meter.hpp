#pragma once
// The app's measurements off the frame path (issue 53). A thread of their own, on a CUDA context of
// their own (kernels/common/own_context.hpp), runs one at a time: a strategy's launch at the view's
// parameters on an engine and data of its own (the pattern's `model --measure` run), under the
// counters with a lent GpuTurn (kernels/common/counters.hpp). The frame loop lends it the GPU for
// each pass (lend_gpu: a few milliseconds, its own work finished first); the profiler's calls
// between passes (a pass's Start and Stop, 8-65 ms each) run beside the frames, holding the frame
// they end in back up to about 10 ms (H200, bench/studies/2026-11-29-cupti-stall-probe.md). Its
// set-up, which stalled the frames most, comes first and can be waited for (wait_set_up).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "kernels/common/counters.hpp"

namespace tilescope {

class BackgroundMeter {
 public:
  using Job = std::function<CounterReading(GpuTurn)>;  // measures one launch on the turn it is given
  explicit BackgroundMeter(int cuda_device);           // the device the frames compute on
  ~BackgroundMeter();                                  // gives up the measurement in flight; joins the thread
  BackgroundMeter(const BackgroundMeter&) = delete;
  BackgroundMeter& operator=(const BackgroundMeter&) = delete;

  // Returns once the thread has set the profiler up on its context (or found why it cannot), or
  // after `longest`.
  void wait_set_up(std::chrono::milliseconds longest) const;
  bool busy() const;
  void start(std::string key, Job job);  // not busy: measures job on the thread, under `key`
  // The reading of the last job and its key, once it has finished (then busy() is false).
  std::optional<std::pair<std::string, CounterReading>> take_finished();

 private:
  void work(int cuda_device);

  mutable std::mutex m_;
  std::condition_variable wake_;
  mutable std::condition_variable set_up_done_;
  bool set_up_ = false;
  std::optional<std::pair<std::string, Job>> next_;
  std::optional<std::pair<std::string, CounterReading>> finished_;
  bool busy_ = false;
  std::atomic<bool> stopping_{false};  // the app closes: the measurement in flight gives up
  std::thread thread_;                 // last: started once the rest is set
};

}  // namespace tilescope
