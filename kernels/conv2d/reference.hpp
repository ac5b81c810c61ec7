#pragma once
// Multi-threaded CPU 2D correlation with zero ghost cells: the oracle for the CUDA kernels and
// the fallback backend. Same result for every strategy (they differ only in memory traffic).
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

void conv2d_cpu(const Filter2d& f, const float* in, float* out, int width, int height);
// Output rows [y0, y1) of conv2d_cpu over the whole image `in`: a check computed in bands.
void conv2d_cpu_rows(const Filter2d& f, const float* in, float* out, int width, int height, int y0, int y1);

// Largest |difference| expected between two float32 evaluations of one output that sum the same
// taps in another order or with fused multiply-adds: 4 sqrt(taps) eps sum|w| max|x|.
double conv2d_tolerance(const Filter2d& f, float max_abs_input);

}  // namespace tilescope
