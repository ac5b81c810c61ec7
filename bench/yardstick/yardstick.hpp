#pragma once
// The yardstick: the book's own kernels (conv2d_book.cuh), launched on device buffers, so that
// `bench --yardstick` can time each textbook strategy against its transcription in one run.
#include <vector>

#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope::yardstick {

// Whether the book's code exists for this strategy at this tile: the transcriptions take the
// tile as the book's #define constant, instantiated at the tiles bench runs (16 and 32).
bool has_conv2d(const Conv2dParams& p);
// Copies f into the transcriptions' own __constant__ filter (F_c).
void upload_conv2d_filter(const Filter2d& f);
// Launches the book's kernel for p.strategy (d_filter: the weights in global memory, for Fig 7.7).
// Throws BackendError naming the kernel when the launch fails.
void launch_conv2d(const Conv2dParams& p, const float* d_in, const float* d_filter, float* d_out);
// Uploads f, then times `reps` launches of the book's kernel on resident device buffers with CUDA
// events: each launch's milliseconds.
std::vector<double> time_conv2d(const Conv2dParams& p, const Filter2d& f, const float* d_in, float* d_out, int reps);

}  // namespace tilescope::yardstick
