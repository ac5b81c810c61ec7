#include "bench/yardstick/yardstick.hpp"

#include "bench/yardstick/book_tiles.hpp"
#include "bench/yardstick/stencil3d_book.cuh"
#include "bench/yardstick/timing.cuh"
#include "kernels/common/cuda_check.hpp"

namespace tilescope::yardstick {
namespace {

using CubeTiles = BookTiles<8>;           // Fig 8.8's IN_TILE_DIM: T^3 threads, so T <= 10
using MarchingTiles = BookTiles<16, 32>;  // Fig 8.10's and 8.12's IN_TILE_DIM

unsigned blocks(int cells, int per_block) { return unsigned((cells + per_block - 1) / per_block); }

// The book's launch configurations, every grid stepping by the output tile: Fig 8.8's
// IN_TILE_DIM^3 block; Fig 8.10's and 8.12's IN_TILE_DIM^2 block, marching OUT_TILE_DIM planes.
template <int IN_TILE_DIM>
dim3 grid_of(const Stencil3dParams& p) {
  constexpr int OUT_TILE_DIM = IN_TILE_DIM - 2;
  return dim3(blocks(p.width, OUT_TILE_DIM), blocks(p.height, OUT_TILE_DIM), blocks(p.depth, OUT_TILE_DIM));
}

template <int IN_TILE_DIM>
void launch_tiled(const Stencil3dParams& p, float* in, float* out) {
  tiled_stencil_kernel<IN_TILE_DIM>
      <<<grid_of<IN_TILE_DIM>(p), dim3(IN_TILE_DIM, IN_TILE_DIM, IN_TILE_DIM)>>>(in, out, p.width, p.height, p.depth);
}

template <int IN_TILE_DIM>
void launch_marching(const Stencil3dParams& p, float* in, float* out) {
  const dim3 grid = grid_of<IN_TILE_DIM>(p), block(IN_TILE_DIM, IN_TILE_DIM);
  if (p.strategy == Stencil3dStrategy::coarsened)
    coarsened_stencil_kernel<IN_TILE_DIM><<<grid, block>>>(in, out, p.width, p.height, p.depth);
  else
    register_tiled_stencil_kernel<IN_TILE_DIM><<<grid, block>>>(in, out, p.width, p.height, p.depth);
}

void launch(const Stencil3dParams& p, float* in, float* out) {
  const int T = p.tile;
  switch (p.strategy) {
    case Stencil3dStrategy::basic:  // tilescope's basic block: T^3 threads, one per point
      basic_stencil_kernel<<<dim3(blocks(p.width, T), blocks(p.height, T), blocks(p.depth, T)), dim3(T, T, T)>>>(
          in, out, p.width, p.height, p.depth);
      break;
    case Stencil3dStrategy::tiled:
      CubeTiles::dispatch(T, [&](auto IN_TILE_DIM) { launch_tiled<decltype(IN_TILE_DIM)::value>(p, in, out); });
      break;
    case Stencil3dStrategy::coarsened:
    case Stencil3dStrategy::register_tiled:
      MarchingTiles::dispatch(T, [&](auto IN_TILE_DIM) { launch_marching<decltype(IN_TILE_DIM)::value>(p, in, out); });
      break;
    case Stencil3dStrategy::fast:
    case Stencil3dStrategy::temporal: break;
  }
  cuda::check_launch("yardstick stencil3d");
}

template <class Symbol>
void set_coefficient(const Symbol& c, float value) {
  cuda::check(cudaMemcpyToSymbol(c, &value, sizeof value), "cudaMemcpyToSymbol (yardstick coefficient)");
}

void upload_coefficients(const StencilCoeffs& c) {
  set_coefficient(c0, c.centre);
  set_coefficient(c1, c.weight(0, -1));
  set_coefficient(c2, c.weight(0, 1));
  set_coefficient(c3, c.weight(1, -1));
  set_coefficient(c4, c.weight(1, 1));
  set_coefficient(c5, c.weight(2, -1));
  set_coefficient(c6, c.weight(2, 1));
}

}  // namespace

bool has_book_kernel(const Stencil3dParams& p) {
  if (p.order != 1) return false;
  switch (p.strategy) {
    case Stencil3dStrategy::basic: return true;
    case Stencil3dStrategy::tiled: return CubeTiles::has(p.tile);
    case Stencil3dStrategy::coarsened:
    case Stencil3dStrategy::register_tiled: return MarchingTiles::has(p.tile);
    case Stencil3dStrategy::fast:
    case Stencil3dStrategy::temporal: return false;
  }
  return false;
}

std::vector<double> time_book_kernel(const Stencil3dParams& p, const StencilCoeffs& c, const float* d_in, float* d_out,
                                     int reps) {
  upload_coefficients(c);
  cuda::check(cudaMemcpy(d_out, d_in, std::size_t(p.cells()) * sizeof(float), cudaMemcpyDeviceToDevice),
              "cudaMemcpy (yardstick boundary cells)");
  // The book's kernels take non-const pointers; they only read `in`.
  return time_launches(reps, [&] { launch(p, const_cast<float*>(d_in), d_out); });
}

}  // namespace tilescope::yardstick
