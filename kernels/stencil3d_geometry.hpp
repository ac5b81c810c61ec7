#pragma once
// Launch geometry of every stencil3d strategy: THE single source of where tiles, halos and ghost
// cells are. The CUDA kernels index with these helpers, the traffic emulation counts with them,
// the overlays draw from them. All three axes tile alike: the marching strategies (coarsened,
// register_tiled) walk z with a loop where the cube strategies have threads, over the same
// T-wide input tile, so one axis describes either.
#include "kernels/hd.hpp"
#include "kernels/stencil3d_params.hpp"

namespace tilescope {

TS_HD bool stencil_in_range(int p, int n) { return p >= 0 && p < n; }
// Cells closer than k to the domain's edge keep their input value (the book's kernels skip them).
TS_HD bool stencil_interior(int p, int n, int k) { return p >= k && p < n - k; }

struct StencilAxisTiling {
  bool tiled;  // false for basic: threads map straight onto outputs
  int k;       // order
  int tile;    // T: input-tile cells along the axis (threads, or loop steps along z when marching)

  // Outputs per block: the tiled kernels deactivate the k-wide halo on each side.
  TS_HD int out_tile_dim() const { return tiled ? tile - 2 * k : tile; }
  TS_HD int out_origin(int b) const { return b * out_tile_dim(); }
  // First input-tile cell (tiled), or first output (basic).
  TS_HD int in_origin(int b) const { return out_origin(b) - (tiled ? k : 0); }
  // Domain coordinate of thread (or z step) t of block b.
  TS_HD int cell(int b, int t) const { return in_origin(b) + t; }
  // Does thread t compute an output (before the domain check)? Tiled: only the inner T - 2k.
  TS_HD bool computes(int t) const { return !tiled || (t >= k && t < tile - k); }
  TS_HD int block_of(int p) const { return p / out_tile_dim(); }
  TS_HD int thread_of(int p) const { return p - in_origin(block_of(p)); }
  TS_HD int grid_dim(int n) const { return (n + out_tile_dim() - 1) / out_tile_dim(); }
};

struct Stencil3dTiling {
  Stencil3dStrategy strategy;
  int k, tile;

  TS_HD StencilAxisTiling axis() const { return {strategy != Stencil3dStrategy::basic, k, tile}; }
  // Coarsened and register-tiled blocks are T x T x 1 and loop over the z extent of the tile.
  TS_HD bool marches_z() const {
    return strategy == Stencil3dStrategy::coarsened || strategy == Stencil3dStrategy::register_tiled;
  }
  TS_HD int block_dim_z() const { return marches_z() ? 1 : tile; }
  // Planes of T x T cells in shared memory: the whole cube, the 2k+1 planes a marching block
  // needs at once, or only the current plane when the z neighbours sit in registers.
  TS_HD int shared_planes() const {
    switch (strategy) {
      case Stencil3dStrategy::tiled: return tile;
      case Stencil3dStrategy::coarsened: return 2 * k + 1;
      case Stencil3dStrategy::register_tiled: return 1;
      default: return 0;
    }
  }
  // z neighbours each thread holds in registers (register_tiled: k behind, k ahead, and itself).
  TS_HD int register_planes() const { return strategy == Stencil3dStrategy::register_tiled ? 2 * k + 1 : 0; }
};

TS_HD Stencil3dTiling tiling_of(const Stencil3dParams& p) { return {p.strategy, p.order, p.tile}; }

// Where an output reads one of its neighbours from.
enum class StencilTapSource : unsigned char { shared, global, registers };

// axis: 0 x, 1 y, 2 z; offset -k..k (0 = the centre).
TS_HD StencilTapSource stencil_tap_source(Stencil3dStrategy s, int axis, int offset) {
  switch (s) {
    case Stencil3dStrategy::basic: return StencilTapSource::global;
    case Stencil3dStrategy::register_tiled:
      return axis == 2 || offset == 0 ? StencilTapSource::registers : StencilTapSource::shared;
    default: return StencilTapSource::shared;
  }
}

}  // namespace tilescope
