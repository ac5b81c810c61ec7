// Linked instead of counters.cu when the build found no CUDA compiler.
#include "kernels/common/counters.hpp"

namespace tilescope {

namespace {
const char* const kNoCuda = "this build has no CUDA: counters need an NVIDIA GPU";
}

CounterReading measure_counters(const std::function<void()>&, GpuTurn) { return {std::nullopt, kNoCuda}; }

std::string prepare_counters(GpuTurn) { return kNoCuda; }

}  // namespace tilescope
