#pragma once
// How an engine times a run: poison the output, then time the launch with CUDA events.
#include "kernels/common/cuda_check.hpp"

namespace tilescope::cuda {

class LaunchTimer {
 public:
  // Fills d_out with all-ones bytes (NaN) so an element no thread writes cannot pass a check,
  // then returns the milliseconds `launch` takes on the GPU.
  template <typename Launch>
  double time(const DeviceBuffer<float>& d_out, Launch launch) {
    check(cudaMemset(d_out.get(), 0xFF, d_out.bytes()), "cudaMemset (poison output)");
    start_.record();
    launch();
    stop_.record();
    return stop_.since(start_);
  }

 private:
  Event start_, stop_;
};

}  // namespace tilescope::cuda
