#pragma once
// How long a piece of CPU work takes on the wall clock: what the CPU engines report as kernel time.
#include <chrono>

namespace tilescope {

template <typename Work>
double wall_ms(Work&& work) {
  const auto t0 = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace tilescope
