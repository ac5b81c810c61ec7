// Linked instead of counters.cu when the build found no CUDA compiler.
#include "kernels/common/counters.hpp"

namespace tilescope {

CounterReading measure_counters(const std::function<void()>&, GpuTurn) {
  return {std::nullopt, "this build has no CUDA: counters need an NVIDIA GPU"};
}

}  // namespace tilescope
