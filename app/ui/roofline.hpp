#pragma once
// The roofline chart of the timing panels: attainable GFLOP/s = min(peak FP32, bandwidth x OP/B)
// on log-log axes, with this launch as a dot.
#include "kernels/backend.hpp"

namespace tilescope {

void roofline(const DevicePeaks& peaks, double opb, double gflops);

}  // namespace tilescope
