#include "bench/yardstick/yardstick.hpp"

#include "bench/yardstick/book_tiles.hpp"
#include "bench/yardstick/matmul_book.cuh"
#include "bench/yardstick/timing.cuh"
#include "kernels/common/cuda_check.hpp"

namespace tilescope::yardstick {
namespace {

using TileWidths = BookTiles<16, 32>;  // TILE_WIDTH

// The book's launch configuration: T x T threads, one per P element, the grid over P's columns (x)
// and rows (y).
dim3 grid_of(const MatmulParams& p) { return dim3((p.cols + p.tile - 1) / p.tile, (p.rows + p.tile - 1) / p.tile); }

template <int TILE_WIDTH>
void launch_tiled(const MatmulParams& p, float* M, float* N, float* P) {
  matrixMulKernel<TILE_WIDTH><<<grid_of(p), dim3(TILE_WIDTH, TILE_WIDTH)>>>(M, N, P, p.rows, p.inner, p.cols);
}

void launch(const MatmulParams& p, float* M, float* N, float* P) {
  switch (p.strategy) {
    case MatmulStrategy::naive:
      MatrixMulKernel<<<grid_of(p), dim3(p.tile, p.tile)>>>(M, N, P, p.rows, p.inner, p.cols);
      break;
    case MatmulStrategy::tiled:
      TileWidths::dispatch(p.tile, [&](auto T) { launch_tiled<decltype(T)::value>(p, M, N, P); });
      break;
    case MatmulStrategy::fast: break;
  }
  cuda::check_launch("yardstick matmul");
}

}  // namespace

bool has_book_kernel(const MatmulParams& p) {
  return p.strategy == MatmulStrategy::naive || (p.strategy == MatmulStrategy::tiled && TileWidths::has(p.tile));
}

std::vector<double> time_book_kernel(const MatmulParams& p, const float* d_M, const float* d_N, float* d_P, int reps) {
  // The book's kernels take non-const pointers; they only read M and N.
  return time_launches(reps, [&] { launch(p, const_cast<float*>(d_M), const_cast<float*>(d_N), d_P); });
}

}  // namespace tilescope::yardstick
