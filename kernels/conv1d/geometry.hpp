#pragma once
// Launch geometry of every conv1d strategy: THE single source of which block computes which
// output, which thread computes it, which thread loads which shared cell (own cell, left or
// right halo, or fast's float4), and where each tap is read. The CUDA kernels index with these
// helpers; the traffic count, the view and the inspector read them too.
#include "kernels/common/hd.hpp"
#include "kernels/common/tap_source.hpp"
#include "kernels/conv1d/params.hpp"

namespace tilescope {

// fast stages n halo cells rounded up to whole float4s on each side of its tile, so that every
// float4 of the tile lies on a 16-byte boundary (its kernel sizes its registers with this too).
TS_HD constexpr int fast_halo(int r) { return (r + kConv1dFastGroup - 1) / kConv1dFastGroup * kConv1dFastGroup; }

struct Conv1dTiling {
  Conv1dStrategy strategy;
  int r;      // filter radius n
  int block;  // the output tile: outputs per block (= blockDim.x but for fast)

  TS_HD bool is_fast() const { return strategy == Conv1dStrategy::fast; }
  TS_HD int outputs_per_thread() const { return is_fast() ? kConv1dFastOutputsPerThread : 1; }
  TS_HD int threads() const { return is_fast() ? block / kConv1dFastOutputsPerThread : block; }  // blockDim.x
  TS_HD int grid_dim(int length) const { return (length + block - 1) / block; }
  TS_HD int out_origin(int b) const { return b * block; }
  TS_HD int block_of(int i) const { return i / block; }

  // Output k (0 .. outputs_per_thread - 1) of thread t in block b. fast: group k / 4 of the
  // thread is the float4 number t + (k / 4) threads of the tile, so one warp's float4 reads of
  // shared memory and float4 stores are 512 contiguous bytes (no bank conflicts, full lines).
  TS_HD int out_coord(int b, int t, int k = 0) const {
    if (!is_fast()) return out_origin(b) + t;
    return out_origin(b) + kConv1dFastGroup * ((k / kConv1dFastGroup) * threads() + t) + k % kConv1dFastGroup;
  }
  // The inverse: which thread of its block computes output i, and as which of its outputs.
  TS_HD int thread_of(int i) const {
    const int j = i - out_origin(block_of(i));
    return is_fast() ? (j / kConv1dFastGroup) % threads() : j;
  }
  TS_HD int output_of(int i) const {
    const int j = i - out_origin(block_of(i));
    return is_fast() ? (j / kConv1dFastGroup) / threads() * kConv1dFastGroup + j % kConv1dFastGroup : 0;
  }

  // Halo cells staged on each side of the tile: tiled n, fast fast_halo(n), cached_halo none.
  TS_HD int shared_halo() const { return strategy == Conv1dStrategy::tiled ? r : is_fast() ? fast_halo(r) : 0; }
  TS_HD bool uses_shared() const {
    return strategy == Conv1dStrategy::tiled || strategy == Conv1dStrategy::cached_halo || is_fast();
  }
  TS_HD int shared_dim() const { return uses_shared() ? block + 2 * shared_halo() : 0; }
  // Cells a block touches on each side of its output tile: the filter's reach n, or fast's wider
  // staged halo. The input tile is block + 2 * reach().
  TS_HD int reach() const { return r > shared_halo() ? r : shared_halo(); }
  TS_HD int in_tile_dim() const { return block + 2 * reach(); }
  TS_HD int shared_origin(int b) const { return out_origin(b) - shared_halo(); }
  TS_HD int shared_coord(int b, int slot) const { return shared_origin(b) + slot; }
  TS_HD bool in_shared(int b, int i) const { return in_range(i - shared_origin(b), shared_dim()); }
  TS_HD bool is_halo_slot(int slot) const { return slot < shared_halo() || slot >= shared_halo() + block; }

  // Load phase, slot by slot: every thread stores its own element; in tiled, the last n threads
  // of the block also fetch the left halo (the previous tile's last n elements) and the first n
  // threads the right halo (the next tile's first n). -1: no such load for this thread.
  TS_HD int own_slot(int t) const { return strategy == Conv1dStrategy::tiled ? r + t : t; }
  TS_HD int left_halo_slot(int t) const {
    return strategy == Conv1dStrategy::tiled && t >= block - r ? t - (block - r) : -1;
  }
  TS_HD int right_halo_slot(int t) const { return strategy == Conv1dStrategy::tiled && t < r ? r + block + t : -1; }
  // fast loads float4s instead: float4 q (slots 4q .. 4q + 3) is thread q % threads()'s load
  // number q / threads(), so each load instruction of a warp reads 512 contiguous bytes.
  TS_HD int shared_float4s() const { return shared_dim() / kConv1dFastGroup; }
  TS_HD int float4_of(int t, int pass) const { return pass * threads() + t; }
  // The thread that fills a shared slot (the inverse of the functions above).
  TS_HD int loader_of_slot(int slot) const {
    if (is_fast()) return (slot / kConv1dFastGroup) % threads();
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
