#include "kernels/strategy_registry.hpp"

namespace tilescope {
namespace {

constexpr StrategyInfo kConv2d[kConv2dStrategyCount] = {
    {Conv2dStrategy::basic, "basic", "Basic", "PMPP Fig 7.7",
     "One thread per output pixel. Every thread reads its (2r+1)^2 input pixels and the filter "
     "weights straight from global memory, so each multiply-add costs two 4-byte loads: "
     "0.25 OP/B. Threads whose taps fall outside the image skip them (ghost cells).",
     false},
    {Conv2dStrategy::const_mem, "const_mem", "Constant-memory filter", "PMPP Fig 7.9",
     "As basic, but the filter lives in __constant__ memory: all threads of a warp read the "
     "same weight at the same time, which the constant cache broadcasts. Only the input pixel "
     "is a global load, doubling the ratio to 0.5 OP/B.",
     true},
    {Conv2dStrategy::tiled_in, "tiled_in", "Tiled, block = input tile", "PMPP Fig 7.12",
     "Each block is as large as its input tile. Every thread loads one input pixel (zero for "
     "ghost cells) into shared memory; after the barrier only the inner threads compute, the "
     "outer ring of filter_radius threads is deactivated. Output tile = tile - 2r.",
     true},
    {Conv2dStrategy::tiled_out, "tiled_out", "Tiled, block = output tile", "PMPP ch 7 exercise",
     "Each block is as large as its output tile, so every thread computes. The input tile "
     "(tile + 2r)^2 is larger than the block, so threads loop to load it, halo cells "
     "included, into shared memory before the barrier.",
     true},
    {Conv2dStrategy::cached_halo, "cached_halo", "Tiled, halo through L2", "PMPP Fig 7.15",
     "Block = input tile = output tile. Only the tile's own pixels go to shared memory; taps "
     "that fall in the halo are read from global memory, counting on the L2 cache because "
     "neighbouring blocks loaded them. Simpler loads, a three-way branch per tap.",
     true},
};

}  // namespace

const StrategyInfo* conv2d_strategies() { return kConv2d; }

const StrategyInfo& strategy_info(Conv2dStrategy s) { return kConv2d[static_cast<int>(s)]; }

std::optional<Conv2dStrategy> parse_conv2d_strategy(std::string_view name) {
  for (const auto& info : kConv2d)
    if (info.name == name) return info.id;
  return std::nullopt;
}

const char* conv2d_strategy_names() { return "basic, const_mem, tiled_in, tiled_out, cached_halo"; }

}  // namespace tilescope
