#pragma once
// What a CUDA convolution engine (conv1d, conv2d) keeps on the device between runs: its input
// and its output, of one size, its filter, and the events that time a run.
#include <cstddef>

#include "kernels/common/caller_memory.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/device_filter.cuh"
#include "kernels/common/timed_launch.cuh"

namespace tilescope::cuda {

struct ResidentConvolution {
  DeviceBuffer<float> in, out;
  DeviceFilter filter;
  LaunchTimer timer;

  void resize(std::size_t count) { resize_pair(in, out, count); }
  // `what` names the copy in errors.
  void load_input(const float* h_in, std::size_t count, const char* what) {
    resize(count);
    check(cudaMemcpy(in.get(), h_in, in.bytes(), kCallerMemory), what);
  }
  void read_output(float* h_out, const char* what) const {
    check(cudaMemcpy(h_out, out.get(), out.bytes(), kCallerMemory), what);
  }
};

}  // namespace tilescope::cuda
