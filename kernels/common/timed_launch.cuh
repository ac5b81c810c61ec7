#pragma once
// One timed run of an engine: poison the output, then time the launch with CUDA events.
#include <cstddef>

#include "kernels/common/cuda_check.hpp"

namespace tilescope::cuda {

// Fills d_out with all-ones bytes (NaN) so an element no thread writes cannot pass a check,
// then returns the milliseconds `launch` takes on the GPU.
template <typename Launch>
double timed_launch(float* d_out, std::size_t bytes, Event& start, Event& stop, Launch launch) {
  check(cudaMemset(d_out, 0xFF, bytes), "cudaMemset (poison output)");
  start.record();
  launch();
  stop.record();
  return stop.since(start);
}

}  // namespace tilescope::cuda
