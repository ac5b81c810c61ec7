#pragma once
// The yardstick: the book's own kernels (<pattern>_book.cuh), launched on device buffers, so that
// `bench --yardstick` can time each textbook strategy against its transcription in one run, on
// the same resident data. CUDA builds only; never used by the app.
#include <vector>

#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/params.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/params.hpp"
#include "kernels/matmul/params.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope::yardstick {

// Whether the book's code exists for p: a textbook strategy, and where the book has the tile as a
// #define constant, a tile the transcriptions are instantiated at (those bench runs: conv2d 16 and
// 32; conv1d 256, 512 and 1024; stencil3d tiled 8, coarsened and register_tiled 16 and 32; matmul
// tiled 16 and 32). The book's stencils are of order 1 only.
bool has_book_kernel(const Conv1dParams& p);
bool has_book_kernel(const Conv2dParams& p);
bool has_book_kernel(const Stencil3dParams& p);
bool has_book_kernel(const MatmulParams& p);

// Times `reps` launches of the book's kernel for p (has_book_kernel(p)) on resident device buffers
// with CUDA events, after putting its filter or coefficients on the device: each launch's ms. The
// output is the kernel's result. Throws BackendError naming the kernel when a launch fails.
std::vector<double> time_book_kernel(const Conv1dParams& p, const Filter1d& f, const float* d_in, float* d_out,
                                     int reps);
std::vector<double> time_book_kernel(const Conv2dParams& p, const Filter2d& f, const float* d_in, float* d_out,
                                     int reps);
// The book's stencils write the interior cells only: the boundary cells of d_out are copied from
// d_in first (untimed), so that they keep their value as tilescope's stencils and the reference do.
std::vector<double> time_book_kernel(const Stencil3dParams& p, const StencilCoeffs& c, const float* d_in, float* d_out,
                                     int reps);
std::vector<double> time_book_kernel(const MatmulParams& p, const float* d_M, const float* d_N, float* d_P, int reps);

// conv2d_compare's finer steps: copies f into the transcriptions' own __constant__ filter (F_c);
// launches the book's kernel for p (d_filter: the weights in global memory, for Fig 7.7).
void upload_conv2d_filter(const Filter2d& f);
void launch_conv2d(const Conv2dParams& p, const float* d_in, const float* d_filter, float* d_out);

}  // namespace tilescope::yardstick
