#pragma once
// Launch geometry of every conv2d strategy: THE single source of where tiles, halos and ghost
// cells are. The CUDA kernels index with these helpers, the traffic emulation counts with them,
// and the overlays and inspector draw from them. x and y tile identically, so one axis suffices.
#include "kernels/conv2d_params.hpp"
#include "kernels/hd.hpp"
#include "kernels/tap_source.hpp"

namespace tilescope {

// fast: every thread computes a kFastCoarsening x kFastCoarsening patch of consecutive outputs,
// so a row of 4 outputs is one float4 store and its input window starts 16 bytes aligned.
inline constexpr int kFastCoarsening = 4;

struct Conv2dTiling {
  Conv2dStrategy strategy;
  int r;     // filter radius
  int tile;  // threads per block along the axis

  TS_HD int block_dim() const { return tile; }
  // Consecutive outputs one thread computes along the axis (thread coarsening).
  TS_HD int outputs_per_thread() const { return strategy == Conv2dStrategy::fast ? kFastCoarsening : 1; }
  // Outputs per block along the axis: tiled_in deactivates r threads on each side.
  TS_HD int out_tile_dim() const {
    return strategy == Conv2dStrategy::tiled_in ? tile - 2 * r : tile * outputs_per_thread();
  }
  // The input a block's outputs need: output tile plus r halo cells on each side.
  TS_HD int in_tile_dim() const { return out_tile_dim() + 2 * r; }
  // fast stages a halo of r rounded up to a multiple of 4 on every side, so each shared row
  // starts at a 16-byte aligned image column and is filled with float4 loads.
  TS_HD int shared_halo() const { return strategy == Conv2dStrategy::fast ? (r + 3) / 4 * 4 : r; }
  // Cells the block stages in shared memory (0 when it uses none).
  TS_HD int shared_dim() const {
    switch (strategy) {
      case Conv2dStrategy::tiled_in: return tile;
      case Conv2dStrategy::tiled_out: return tile + 2 * r;
      case Conv2dStrategy::cached_halo: return tile;
      case Conv2dStrategy::fast: return out_tile_dim() + 2 * shared_halo();
      default: return 0;
    }
  }
  // Image coordinate of the block's first output, first input-tile cell, first shared cell.
  TS_HD int out_origin(int b) const { return b * out_tile_dim(); }
  TS_HD int in_origin(int b) const { return out_origin(b) - r; }
  TS_HD int shared_origin(int b) const {
    return strategy == Conv2dStrategy::cached_halo ? out_origin(b) : out_origin(b) - shared_halo();
  }
  TS_HD bool in_shared(int b, int p) const {
    return in_range(p - shared_origin(b), shared_dim());
  }
  // Compute phase: does thread t compute (before the image-bound check), and its k-th output.
  TS_HD bool computes(int t) const {
    return strategy != Conv2dStrategy::tiled_in || (t >= r && t < tile - r);
  }
  TS_HD int out_coord(int b, int t, int k = 0) const {
    return out_origin(b) + (strategy == Conv2dStrategy::tiled_in ? t - r : t * outputs_per_thread() + k);
  }
  // Block that computes output coordinate p, the thread within it, and which of its outputs.
  TS_HD int block_of(int p) const { return p / out_tile_dim(); }
  TS_HD int thread_of(int p) const {
    const int offset = p - out_origin(block_of(p));
    return strategy == Conv2dStrategy::tiled_in ? offset + r : offset / outputs_per_thread();
  }
  TS_HD int output_of(int p) const { return (p - out_origin(block_of(p))) % outputs_per_thread(); }
  TS_HD int grid_dim(int n) const { return (n + out_tile_dim() - 1) / out_tile_dim(); }
};

TS_HD Conv2dTiling tiling_of(const Conv2dParams& p) {
  return Conv2dTiling{p.strategy, p.filter_radius, p.tile};
}

// Source of the tap at image position (x, y) for an output of block (bx, by).
TS_HD TapSource tap_source(const Conv2dTiling& g, int width, int height, int bx, int by, int x,
                           int y) {
  return classify_tap(g.in_shared(bx, x) && g.in_shared(by, y), in_range(x, width) && in_range(y, height));
}

}  // namespace tilescope
