#include "kernels/conv2d/strategies.hpp"

#include "kernels/conv2d/geometry.hpp"

namespace tilescope {
namespace {

constexpr Conv2dStrategyInfo kRows[kConv2dStrategyCount] = {
    {Conv2dStrategy::basic, "basic", "Basic", "PMPP Fig 7.7",
     "One thread per output pixel. Every thread reads its (2r+1)^2 input pixels and the filter "
     "weights straight from global memory, so each multiply-add costs two 4-byte loads: "
     "0.25 OP/B. Threads whose taps fall outside the image skip them (ghost cells).",
     false, 32, kMaxConv2dRadius},
    {Conv2dStrategy::const_mem, "const_mem", "Constant-memory filter", "PMPP Fig 7.9",
     "As basic, but the filter lives in __constant__ memory: all threads of a warp read the "
     "same weight at the same time, which the constant cache broadcasts. Only the input pixel "
     "is a global load, doubling the ratio to 0.5 OP/B.",
     true, 32, kMaxConv2dRadius},
    {Conv2dStrategy::tiled_in, "tiled_in", "Tiled, block = input tile", "PMPP Fig 7.12",
     "Each block is as large as its input tile. Every thread loads one input pixel (zero for "
     "ghost cells) into shared memory; after the barrier only the inner threads compute, the "
     "outer ring of filter_radius threads is deactivated. Output tile = tile - 2r.",
     true, 32, kMaxConv2dRadius},
    {Conv2dStrategy::tiled_out, "tiled_out", "Tiled, block = output tile", "PMPP ch 7 exercise",
     "Each block is as large as its output tile, so every thread computes. The input tile "
     "(tile + 2r)^2 is larger than the block, so threads loop to load it, halo cells "
     "included, into shared memory before the barrier.",
     true, 32, kMaxConv2dRadius},
    {Conv2dStrategy::cached_halo, "cached_halo", "Tiled, halo through L2", "PMPP Fig 7.15",
     "Block = input tile = output tile. Only the tile's own pixels go to shared memory; taps "
     "that fall in the halo are read from global memory, counting on the L2 cache because "
     "neighbouring blocks loaded them. Simpler loads, a three-way branch per tap.",
     true, 32, kMaxConv2dRadius},
    {Conv2dStrategy::fast, "fast", "Fast: 4x4 outputs per thread", "beyond PMPP ch 7",
     "tile = threads per block side; each thread computes a 4x4 patch of outputs, so a 16x16 "
     "block covers 64x64. The block stages its input tile (halo rounded up to 4 cells, so every "
     "row starts 16-byte aligned) with float4 cp.async copies (4-byte ones when the width is "
     "not a multiple of 4) that zero-fill ghost cells. Each thread then reads the rows of its window from shared "
     "memory as float4 and keeps them in "
     "registers, where every loaded value feeds up to 4x4 outputs instead of one; the fully "
     "unrolled loops turn each tap into one FMA whose weight is a warp-uniform constant operand "
     "(no load instruction). Outputs leave as float4 stores. Fewer instructions per FMA and "
     "16-byte traffic are what make it faster than the book's kernels (measured figures: "
     "bench/results).",
     true, 16, kMaxConv2dRadius},
    {Conv2dStrategy::sliding, "sliding", "Sliding window in registers (r <= 3)", "beyond PMPP ch 7",
     "No shared memory. A block is 4 warps; each warp covers 128 columns of a strip of rows "
     "(tile = the strip's rows, rounded to 2r + a multiple of 2r+1). Each lane owns 4 columns and "
     "marches down the strip: it loads every input row once as one float4 and adds it into the "
     "2r+1 outputs whose filters cover that row, whose sums wait in registers until complete, so "
     "each input value is read from memory once per strip instead of once per tap. The r columns "
     "on either side come from the neighbouring lanes by warp shuffles; lanes 31 and 0 load the "
     "float4 just left / right of the warp. Only 2r rows above and below each strip are read "
     "twice, and at r = 1 odd strips march up, so the second read hits L2. As r grows its FMAs "
     "begin to dominate; above r = 3 the sums no longer fit in registers (use fast). Measured "
     "figures: bench/results.",
     true, 16, kSlidingMaxRadius, sliding_default_strip},
};

}  // namespace

StrategyTable<Conv2dStrategy> strategy_rows(Conv2dStrategy) { return {kRows, kConv2dStrategyCount}; }

}  // namespace tilescope
