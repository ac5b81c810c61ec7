#pragma once
// How an engine times a run: poison the output, then time the launch with CUDA events, or
// measure its counters when a CountedRun asks for them (kernels/common/counted_run.hpp).
#include "kernels/common/counted_run.hpp"
#include "kernels/common/cuda_check.hpp"

namespace tilescope::cuda {

class LaunchTimer {
 public:
  // Fills d_out with all-ones bytes (NaN) so an element no thread writes cannot pass a check,
  // then returns the milliseconds `launch` takes on the GPU (0 when a CountedRun measured it).
  template <typename Launch>
  double time(const DeviceBuffer<float>& d_out, Launch launch) {
    check(cudaMemset(d_out.get(), 0xFF, d_out.bytes()), "cudaMemset (poison output)");
    if (count_if_asked(launch)) return 0;
    start_.record();
    launch();
    stop_.record();
    return stop_.since(start_);
  }

 private:
  Event start_, stop_;
};

}  // namespace tilescope::cuda
