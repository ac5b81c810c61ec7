#pragma once
// Multi-threaded CPU 1D correlation with zero ghost cells
// (= scipy.ndimage.correlate1d(x, w, mode='constant')): the oracle for the CUDA kernels and the
// fallback engine. Same result for every strategy (they differ only in memory traffic).
#include "kernels/conv1d/filter.hpp"

namespace tilescope {

void conv1d_cpu(const Filter1d& f, const float* in, float* out, int length);

// Largest |difference| expected between two float32 evaluations of one output (kernels/tolerance.hpp).
double conv1d_tolerance(const Filter1d& f, float max_abs_input);

}  // namespace tilescope
