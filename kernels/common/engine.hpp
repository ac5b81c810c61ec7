#pragma once
// What the engines of conv1d, conv2d and matmul (kernels/<p>/engine.hpp) have alike: the device
// limits they were made for, which their runs validate against.
#include "kernels/common/launch.hpp"

namespace tilescope {

class EngineBase {
 public:
  explicit EngineBase(const DeviceLimits& limits) : limits_(limits) {}
  virtual ~EngineBase() = default;
  const DeviceLimits& limits() const { return limits_; }

 private:
  DeviceLimits limits_;
};

}  // namespace tilescope
