// A build without CUDA: there is no GPU to read counters from.
#include "kernels/common/counters.hpp"

namespace tilescope {

CounterReading measure_counters(const std::function<void()>&) {
  return {std::nullopt, "this build has no CUDA: memory counters need an NVIDIA GPU"};
}

}  // namespace tilescope
