#include "kernels/common/counted_run.hpp"

namespace tilescope {
namespace {
thread_local CountedRun* waiting = nullptr;  // the innermost CountedRun of this thread
}  // namespace

CountedRun::CountedRun(GpuTurn turn) : turn_(turn), outer_(waiting) { waiting = this; }
CountedRun::~CountedRun() { waiting = outer_; }

bool count_if_asked(const std::function<void()>& launch) {
  if (!waiting || waiting->done_) return false;
  waiting->done_ = true;
  waiting->reading_ = measure_counters(launch, waiting->turn_);
  return true;
}

}  // namespace tilescope
