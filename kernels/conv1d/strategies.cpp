#include "kernels/conv1d/strategies.hpp"

namespace tilescope {
namespace {

constexpr Conv1dStrategyInfo kConv1d[kConv1dStrategyCount] = {
    {Conv1dStrategy::basic, "basic", "Basic", "PMPP 3rd ed. 7.2",
     "One thread per output element. Each thread reads its 2n+1 input elements and the filter "
     "weights straight from global memory, so every multiply-add costs two 4-byte loads: "
     "0.25 OP/B. Taps that fall before the first or after the last element are ghost cells: "
     "the thread skips them.",
     false},
    {Conv1dStrategy::const_mem, "const_mem", "Constant-memory filter", "PMPP 3rd ed. 7.3",
     "As basic, but the filter lives in __constant__ memory. All threads of a warp read the same "
     "weight at the same time and the constant cache broadcasts it, so only the input element is "
     "a global load: 0.5 OP/B.",
     true},
    {Conv1dStrategy::tiled, "tiled", "Tiled, halo in shared memory", "PMPP 3rd ed. 7.4",
     "Each block stages its tile plus n halo cells on each side in shared memory: every thread "
     "loads its own element, the last n threads also load the previous tile's last n elements "
     "and the first n threads the next tile's first n. Ghost cells become zeros without a load. "
     "After the barrier every tap reads shared memory.",
     true},
    {Conv1dStrategy::cached_halo, "cached_halo", "Tiled, halo through L2", "PMPP 3rd ed. 7.5",
     "Each thread puts only its own element in shared memory. Taps inside the tile read shared "
     "memory; halo taps read global memory, counting on the L2 cache because the neighbouring "
     "block loaded those elements as its interior. Simpler loads, a branch per tap.",
     true},
    {Conv1dStrategy::fast, "fast", "Fast: 8 outputs per thread, float4", "beyond PMPP (thread coarsening)",
     "Beyond the book. The kernel is memory-bound, so the work is arranged to move bytes at the "
     "copy rate: the block stages its tile and a halo rounded up to whole float4s in shared "
     "memory with 16-byte loads (ghost cells become zeros), and each of its tile/8 threads computes "
     "8 outputs, two groups of 4 consecutive elements half a tile apart, so that a warp's accesses "
     "are contiguous. A thread reads each group's window (4 outputs + 2 halos) from shared memory "
     "as float4s into registers, then "
     "runs the 2n+1 taps fully unrolled (the radius is a template parameter): every multiply-add "
     "takes its weight from __constant__ memory as an operand, the same for the whole warp, and "
     "its input from a register reused by up to 4 outputs. The results leave as one float4 store "
     "per group. Fewer, wider instructions and no per-tap branches keep enough bytes in flight to "
     "saturate DRAM. Measured on an H200 at 2^28 elements, tile 1024 (128 threads): 0.512-0.519 ms "
     "for n = 1..8, 98-99% of a copy of the same bytes (0.507 ms), where the best book kernel takes "
     "1.3-2.0 ms and cuDNN 2.2-3.7 ms; n = 16: 0.62 ms, n = 32: 0.85 ms (61% of FP32 peak).",
     true},
};

}  // namespace

const Conv1dStrategyInfo* conv1d_strategies() { return kConv1d; }

const Conv1dStrategyInfo& strategy_info(Conv1dStrategy s) { return kConv1d[static_cast<int>(s)]; }

std::optional<Conv1dStrategy> parse_conv1d_strategy(std::string_view name) {
  for (const auto& info : kConv1d)
    if (info.name == name) return info.id;
  return std::nullopt;
}

const char* conv1d_strategy_names() { return "basic, const_mem, tiled, cached_halo, fast"; }

}  // namespace tilescope
