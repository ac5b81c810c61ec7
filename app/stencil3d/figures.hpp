#pragma once
// The numbers the stencil3d tile panel and inspector print, read from the geometry
// (kernels/stencil3d/geometry.hpp) and nothing else. Pure and GUI-free:
// tests/stencil3d/test_geometry checks them against the book's formulas for every strategy.
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope {

struct Stencil3dTileFigures {
  int block[3];          // threads per block along x, y, z
  int in_tile[3];        // input-tile cells along x, y, z (the halo included when it is staged)
  int out_tile[3];       // output-tile cells along x, y, z
  int halo[3];           // staged halo cells on each side along x, y, z
  int planes_in_flight;  // marching strategies: the planes held at once (2k + 1)
  int vec;               // fast: x cells per thread
  int row_lanes;         // fast: lanes per row of column 0's blocks (the grid's last column may fold)
};
inline Stencil3dTileFigures stencil3d_tile_figures(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  Stencil3dTileFigures f{};
  for (int a = 0; a < 3; ++a) {
    const StencilAxisTiling t = g.axis(a);
    f.block[a] = g.block_dim(a), f.in_tile[a] = t.in_tile_dim(), f.out_tile[a] = t.out_tile_dim(), f.halo[a] = t.halo();
  }
  f.planes_in_flight = g.planes_in_flight();
  f.vec = g.axis(0).vec;
  f.row_lanes = g.fast() ? g.row_lanes(0) : 0;
  return f;
}

}  // namespace tilescope
