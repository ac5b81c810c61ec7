#pragma once
// A convolution's filter weights kept on the device between runs: a global-memory copy for the
// strategies that read it there, and whatever the pattern keeps in __constant__ memory.
#include <vector>

#include "kernels/common/cuda_check.hpp"

namespace tilescope::cuda {

class DeviceFilter {
 public:
  // Filters change rarely: uploads `weights` (and calls upload_constant) only when they differ
  // from what the device holds. `what` names the copy in errors.
  template <typename UploadConstant>
  void update(const std::vector<float>& weights, const char* what, UploadConstant upload_constant) {
    if (weights == weights_) return;
    d_weights_ = DeviceBuffer<float>(weights.size());
    check(cudaMemcpy(d_weights_.get(), weights.data(), d_weights_.bytes(), cudaMemcpyHostToDevice), what);
    upload_constant();
    weights_ = weights;
  }
  const float* get() const { return d_weights_.get(); }

 private:
  DeviceBuffer<float> d_weights_;
  std::vector<float> weights_;  // what d_weights_ and the constant filter hold
};

}  // namespace tilescope::cuda
