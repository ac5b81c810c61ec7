#pragma once
// How the yardstick times the book's kernels: CUDA events around each launch, on the default
// stream, on device buffers that are already resident; a filter is put on the device first.
#include <vector>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/device_filter.cuh"

namespace tilescope::yardstick {

// Times `reps` calls of `launch` (one kernel launch each) with CUDA events: each call's ms.
template <class Launch>
std::vector<double> time_launches(int reps, Launch launch) {
  cuda::Event start, stop;
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    start.record();
    launch();
    stop.record();
    ms.push_back(stop.since(start));
  }
  return ms;
}

// Puts a filter's weights on the device, in global memory (for the kernels that read them there)
// and in __constant__ memory (upload_constant), then times `reps` calls of launch(d_weights).
template <class UploadConstant, class Launch>
std::vector<double> time_filtered(const std::vector<float>& weights, UploadConstant upload_constant, int reps,
                                  Launch launch) {
  cuda::DeviceFilter filter;
  filter.update(weights, "cudaMemcpy (yardstick filter)", upload_constant);
  return time_launches(reps, [&] { launch(filter.get()); });
}

}  // namespace tilescope::yardstick
