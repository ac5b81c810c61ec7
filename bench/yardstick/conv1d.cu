#include "bench/yardstick/yardstick.hpp"

#include "bench/yardstick/book_tiles.hpp"
#include "bench/yardstick/conv1d_book.cuh"
#include "bench/yardstick/timing.cuh"
#include "kernels/common/cuda_check.hpp"

namespace tilescope::yardstick {
namespace {

using TileSizes = BookTiles<256, 512, 1024>;  // TILE_SIZE

// The book's launch configuration: one thread per output, TILE_SIZE threads a block.
template <int TILE_SIZE>
void launch_tiled(const Conv1dParams& p, float* N, float* P) {
  const dim3 grid((p.length + TILE_SIZE - 1) / TILE_SIZE);
  if (p.strategy == Conv1dStrategy::tiled)
    convolution_1D_tiled_kernel<TILE_SIZE><<<grid, TILE_SIZE>>>(N, P, p.filter_dim(), p.length);
  else
    convolution_1D_tiled_caching_kernel<TILE_SIZE><<<grid, TILE_SIZE>>>(N, P, p.filter_dim(), p.length);
}

void launch(const Conv1dParams& p, float* N, float* M, float* P) {
  const dim3 grid((p.length + p.tile - 1) / p.tile), block(p.tile);
  switch (p.strategy) {
    case Conv1dStrategy::basic:
      convolution_1D_basic_kernel<false><<<grid, block>>>(N, M, P, p.filter_dim(), p.length);
      break;
    case Conv1dStrategy::const_mem:
      convolution_1D_basic_kernel<true><<<grid, block>>>(N, nullptr, P, p.filter_dim(), p.length);
      break;
    case Conv1dStrategy::tiled:
    case Conv1dStrategy::cached_halo:
      TileSizes::dispatch(p.tile, [&](auto T) { launch_tiled<decltype(T)::value>(p, N, P); });
      break;
    case Conv1dStrategy::fast: break;
  }
  cuda::check_launch("yardstick conv1d");
}

}  // namespace

bool has_book_kernel(const Conv1dParams& p) {
  const bool runtime_tile = p.strategy == Conv1dStrategy::basic || p.strategy == Conv1dStrategy::const_mem;
  const bool tiled = p.strategy == Conv1dStrategy::tiled || p.strategy == Conv1dStrategy::cached_halo;
  return runtime_tile || (tiled && TileSizes::has(p.tile));
}

std::vector<double> time_book_kernel(const Conv1dParams& p, const Filter1d& f, const float* d_in, float* d_out,
                                     int reps) {
  const auto upload_mask = [&] { cuda::upload_to_constant(M_c, f.weights, "cudaMemcpyToSymbol (yardstick mask)"); };
  // The book's kernels take non-const pointers; they only read N and M.
  return time_filtered(f.weights, upload_mask, reps,
                       [&](const float* d_M) { launch(p, const_cast<float*>(d_in), const_cast<float*>(d_M), d_out); });
}

}  // namespace tilescope::yardstick
