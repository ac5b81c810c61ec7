#pragma once
// The one parameter struct shared by kernels, traffic model, overlays and the command line.
#include <cstdint>

namespace tilescope {

// PMPP chapter 7's 2D convolution strategies, in the book's order.
enum class Conv2dStrategy : std::uint8_t {
  basic,        // Fig 7.7: one thread per output, N and F from global memory
  const_mem,    // Fig 7.9: F in __constant__ memory
  tiled_in,     // Fig 7.12: block = input tile; outer ring of threads only loads
  tiled_out,    // ch 7 exercise: block = output tile; threads loop to load tile + halo
  cached_halo,  // Fig 7.15: block = tile; interior in shared memory, halo read through L2
  fast,         // beyond the book: each thread computes a 4x4 patch from registers (float4, FFMA)
  sliding,      // beyond the book, r <= 3: a warp marches a strip, sums in registers, halo by shuffles
  separable,    // beyond the book, rank-1 filters: a row pass then a column pass, the intermediate in shared memory
};
inline constexpr int kConv2dStrategyCount = 8;

inline constexpr int kMaxConv2dRadius = 8;  // kernels are instantiated for r = 1..8

struct Conv2dParams {
  Conv2dStrategy strategy = Conv2dStrategy::tiled_in;
  int filter_radius = 2;
  int tile = 32;  // input-tile width for tiled_in, block width (threads) for the others
  int width = 1024;
  int height = 1024;

  int filter_dim() const { return 2 * filter_radius + 1; }
  bool operator==(const Conv2dParams& o) const {
    return strategy == o.strategy && filter_radius == o.filter_radius && tile == o.tile && width == o.width &&
           height == o.height;
  }
};

}  // namespace tilescope
