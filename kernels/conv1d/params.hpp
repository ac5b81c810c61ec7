#pragma once
// The one parameter struct of the 1D convolution, shared by kernels, traffic model, views and CLI.
#include <cstdint>

namespace tilescope {

// PMPP's 1D convolution strategies (3rd ed. sections 7.2-7.5), in the book's order.
enum class Conv1dStrategy : std::uint8_t {
  basic,        // one thread per output; N and M (the filter) from global memory
  const_mem,    // the filter in __constant__ memory
  tiled,        // block = output tile; the last / first n threads also load the halo cells
  cached_halo,  // only the tile in shared memory; halo taps read through L2
  fast,         // beyond the book: 8 outputs per thread, float4 loads and stores, taps unrolled
};
inline constexpr int kConv1dStrategyCount = 5;

inline constexpr int kMaxConv1dRadius = 32;  // filters of up to 65 taps
inline constexpr int kMinConv1dTile = 32;    // one warp
inline constexpr int kMaxConv1dTile = 1024;  // CUDA's threads-per-block limit
// The tiled kernel's halo loaders are the last / first n threads of the block: they exist
// for every radius because the smallest block is at least as wide as the largest radius.
static_assert(kMaxConv1dRadius <= kMinConv1dTile);
// fast: each thread computes two groups of 4 consecutive outputs (one float4 each), so its
// output tile must be a multiple of 8 and the block has tile / 8 threads.
inline constexpr int kConv1dFastGroup = 4;
inline constexpr int kConv1dFastOutputsPerThread = 2 * kConv1dFastGroup;

struct Conv1dParams {
  Conv1dStrategy strategy = Conv1dStrategy::tiled;
  int filter_radius = 2;  // n: the filter has 2n + 1 taps
  int tile = 1024;        // output elements per block: blockDim.x, except fast's tile / 8 threads
  int length = 1 << 20;   // elements of the signal

  int filter_dim() const { return 2 * filter_radius + 1; }
  bool operator==(const Conv1dParams& o) const {
    return strategy == o.strategy && filter_radius == o.filter_radius && tile == o.tile && length == o.length;
  }
};

}  // namespace tilescope
