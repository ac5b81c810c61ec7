#pragma once
// The hardware limit in the timing panels: a copy of the bytes the kernel must move (read once,
// written once), timed where the kernel runs, as `tilescope bench` measures it. A memory-bound
// kernel can approach it, never beat it (unless its data sits in the L2 cache).
#include "kernels/common/backend.hpp"

namespace tilescope {

// Median ms of a few copies that move `traffic` bytes in all (traffic / 2 read, as many written)
// on `backend`, measured once per backend and size.
double copy_ceiling_ms(const Backend& backend, double traffic);
// "copy ceiling 0.128 ms  kernel at 43%" (the bandwidth in its tooltip); returns the copy
// bandwidth in GB/s for the roofline.
double copy_ceiling_line(const Backend& backend, double traffic, double kernel_ms);

}  // namespace tilescope
