#pragma once
// The roofline chart of the timing panels: attainable GFLOP/s = min(peak FP32, bandwidth x OP/B)
// on log-log axes, with this launch as a dot; copy_gbs > 0 adds the measured copy bandwidth as a
// second, lower memory roof (what a streaming kernel can really reach).
#include "kernels/common/backend.hpp"

namespace tilescope {

void roofline(const DevicePeaks& peaks, double opb, double gflops, double copy_gbs = 0);

}  // namespace tilescope
