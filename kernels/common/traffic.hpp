#pragma once
// Memory-traffic figures of a launch, with PMPP's conventions: 2 ops per filter tap
// (multiply + add); bytes = 4 x the global-memory loads the kernel code issues (stores and
// constant-memory reads excluded).
#include <cstdint>
#include <optional>
#include <string>

namespace tilescope {

// The book's closed-form ratio for an interior block (no ghost cells).
struct BookModel {
  double opb_model = 0;  // this strategy at this tile size
  double opb_bound = 0;  // the same strategy as the tile grows without bound
  // cached_halo only: OP/B if every halo read hits L2, so DRAM sees just the tile loads.
  std::optional<double> opb_l2_halo;
  std::string formula;  // how opb_model is computed, in the book's symbols
};

// PMPP's untiled convolution kernels (basic and const_mem, 1D or 2D): each tap is 2 ops over a
// 4-byte input load, plus a 4-byte filter load unless the filter is in constant memory. Without a
// tile the ratio is its own bound.
BookModel untiled_convolution_model(bool filter_in_constant_memory);

// Two decimals rounded half up, as PMPP prints its table (10.125 -> 10.13, not printf's 10.12).
double book_round(double opb);

// Exact counts, obtained by emulating every block's loads and taps with the launch geometry.
struct TrafficCount {
  std::int64_t outputs = 0;
  std::int64_t tile_loads = 0;          // global loads that fill shared memory
  std::int64_t taps_shared = 0;         // taps read from shared memory
  std::int64_t taps_global = 0;         // taps read from global memory in the compute loop
  std::int64_t taps_ghost_shared = 0;   // ghost zeros read from shared memory
  std::int64_t taps_ghost_skipped = 0;  // ghost taps the kernel skips
  std::int64_t filter_loads = 0;        // filter weights from global memory (basic only)
  std::int64_t flops = 0;
  std::int64_t global_load_bytes = 0;

  double opb() const { return global_load_bytes ? double(flops) / double(global_load_bytes) : 0.0; }
};

}  // namespace tilescope
