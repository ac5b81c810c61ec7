#pragma once
// Launch geometry of every conv1d strategy: THE single source of which block computes which
// output, which thread loads which shared cell (own cell, left or right halo), and where each
// tap is read. The CUDA kernels index with these helpers; the traffic count, the view and the
// inspector read them too.
#include "kernels/conv1d_params.hpp"
#include "kernels/hd.hpp"
#include "kernels/tap_source.hpp"

namespace tilescope {

struct Conv1dTiling {
  Conv1dStrategy strategy;
  int r;      // filter radius n
  int block;  // blockDim.x = output tile

  TS_HD int grid_dim(int length) const { return (length + block - 1) / block; }
  TS_HD int out_origin(int b) const { return b * block; }
  TS_HD int out_coord(int b, int t) const { return out_origin(b) + t; }
  TS_HD int block_of(int i) const { return i / block; }
  TS_HD int thread_of(int i) const { return i - out_origin(block_of(i)); }

  // Shared cells of a block: tiled holds n halo + block + n halo, cached_halo only the block.
  TS_HD int shared_dim() const {
    return strategy == Conv1dStrategy::tiled ? block + 2 * r : strategy == Conv1dStrategy::cached_halo ? block : 0;
  }
  TS_HD int shared_origin(int b) const { return strategy == Conv1dStrategy::tiled ? out_origin(b) - r : out_origin(b); }
  TS_HD int shared_coord(int b, int slot) const { return shared_origin(b) + slot; }
  TS_HD bool in_shared(int b, int i) const { return in_range(i - shared_origin(b), shared_dim()); }

  // Load phase, slot by slot: every thread stores its own element; in tiled, the last n threads
  // of the block also fetch the left halo (the previous tile's last n elements) and the first n
  // threads the right halo (the next tile's first n). -1: no such load for this thread.
  TS_HD int own_slot(int t) const { return strategy == Conv1dStrategy::tiled ? r + t : t; }
  TS_HD int left_halo_slot(int t) const {
    return strategy == Conv1dStrategy::tiled && t >= block - r ? t - (block - r) : -1;
  }
  TS_HD int right_halo_slot(int t) const {
    return strategy == Conv1dStrategy::tiled && t < r ? r + block + t : -1;
  }
  // The thread that fills a shared slot (the inverse of the three functions above).
  TS_HD int loader_of_slot(int slot) const {
    if (strategy != Conv1dStrategy::tiled) return slot;
    if (slot < r) return block - r + slot;
    return slot < r + block ? slot - r : slot - r - block;
  }
};

TS_HD Conv1dTiling tiling_of(const Conv1dParams& p) { return Conv1dTiling{p.strategy, p.filter_radius, p.tile}; }

// Where the kernel reads input element i for an output of block b.
TS_HD TapSource tap_source(const Conv1dTiling& g, int length, int b, int i) {
  return classify_tap(g.in_shared(b, i), in_range(i, length));
}

}  // namespace tilescope
