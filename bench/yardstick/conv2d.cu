#include "bench/yardstick/yardstick.hpp"

#include "bench/yardstick/book_tiles.hpp"
#include "bench/yardstick/conv2d_book.cuh"
#include "bench/yardstick/timing.cuh"
#include "kernels/common/cuda_check.hpp"

namespace tilescope::yardstick {
namespace {

using TileDims = BookTiles<16, 32>;  // IN_TILE_DIM, OUT_TILE_DIM, TILE_DIM

// The book's launch configurations: T x T threads; Fig 7.12's grid steps by the output tile.
template <int R, int T>
void launch(const Conv2dParams& p, float* in, float* f, float* out) {
  const int w = p.width, h = p.height;
  const dim3 block(T, T);
  const auto grid_of = [&](int out_tile) { return dim3((w + out_tile - 1) / out_tile, (h + out_tile - 1) / out_tile); };
  switch (p.strategy) {
    case Conv2dStrategy::basic: convolution_2D_basic_kernel<R, false><<<grid_of(T), block>>>(in, f, out, w, h); break;
    case Conv2dStrategy::const_mem:
      convolution_2D_basic_kernel<R, true><<<grid_of(T), block>>>(in, nullptr, out, w, h);
      break;
    case Conv2dStrategy::tiled_in:
      convolution_tiled_2D_const_mem_kernel<R, T><<<grid_of(T - 2 * R), block>>>(in, out, w, h);
      break;
    case Conv2dStrategy::tiled_out:
      convolution_tiled_out_2D_const_mem_kernel<R, T><<<grid_of(T), block>>>(in, out, w, h);
      break;
    case Conv2dStrategy::cached_halo:
      convolution_cached_tiled_2D_const_mem_kernel<R, T><<<grid_of(T), block>>>(in, out, w, h);
      break;
    default: break;
  }
  cuda::check_launch("yardstick conv2d");
}

template <int R>
void launch_radius(const Conv2dParams& p, float* in, float* f, float* out) {
  TileDims::dispatch(p.tile, [&](auto T) { launch<R, decltype(T)::value>(p, in, f, out); });
}

using LaunchFn = void (*)(const Conv2dParams&, float*, float*, float*);
constexpr LaunchFn kByRadius[kMaxBookRadius] = {launch_radius<1>, launch_radius<2>, launch_radius<3>, launch_radius<4>,
                                                launch_radius<5>, launch_radius<6>, launch_radius<7>, launch_radius<8>};

}  // namespace

bool has_book_kernel(const Conv2dParams& p) {
  const bool book_strategy = p.strategy != Conv2dStrategy::fast && p.strategy != Conv2dStrategy::sliding &&
                             p.strategy != Conv2dStrategy::separable;
  return book_strategy && TileDims::has(p.tile) && p.filter_radius >= 1 && p.filter_radius <= kMaxBookRadius &&
         (p.strategy != Conv2dStrategy::tiled_in || p.tile > 2 * p.filter_radius);
}

void upload_conv2d_filter(const Filter2d& f) {
  cuda::upload_to_constant(F_c, f.weights, "cudaMemcpyToSymbol (yardstick filter)");
}

void launch_conv2d(const Conv2dParams& p, const float* d_in, const float* d_filter, float* d_out) {
  // The book's kernels take non-const pointers; they only read N and F.
  kByRadius[p.filter_radius - 1](p, const_cast<float*>(d_in), const_cast<float*>(d_filter), d_out);
}

std::vector<double> time_book_kernel(const Conv2dParams& p, const Filter2d& f, const float* d_in, float* d_out,
                                     int reps) {
  return time_filtered(
      f.weights, [&] { upload_conv2d_filter(f); }, reps,
      [&](const float* d_filter) { launch_conv2d(p, d_in, d_filter, d_out); });
}

}  // namespace tilescope::yardstick
