#include "kernels/conv1d/strategies.hpp"

namespace tilescope {
namespace {

constexpr Conv1dStrategyInfo kRows[kConv1dStrategyCount] = {
    {Conv1dStrategy::basic, "basic", "Basic", "PMPP 3rd ed. 7.2",
     "One thread per output element. Each thread reads its 2n+1 input elements and the filter "
     "weights straight from global memory, so every multiply-add costs two 4-byte loads: "
     "0.25 OP/B. Taps that fall before the first or after the last element are ghost cells: "
     "the thread skips them.",
     false, 1024, kMaxConv1dRadius},
    {Conv1dStrategy::const_mem, "const_mem", "Constant-memory filter", "PMPP 3rd ed. 7.3",
     "As basic, but the filter lives in __constant__ memory. All threads of a warp read the same "
     "weight at the same time and the constant cache broadcasts it, so only the input element is "
     "a global load: 0.5 OP/B.",
     true, 1024, kMaxConv1dRadius},
    {Conv1dStrategy::tiled, "tiled", "Tiled, halo in shared memory", "PMPP 3rd ed. 7.4",
     "Each block stages its tile plus n halo cells on each side in shared memory: every thread "
     "loads its own element, the last n threads also load the previous tile's last n elements "
     "and the first n threads the next tile's first n. Ghost cells become zeros without a load. "
     "After the barrier every tap reads shared memory.",
     true, 1024, kMaxConv1dRadius},
    {Conv1dStrategy::cached_halo, "cached_halo", "Tiled, halo through L2", "PMPP 3rd ed. 7.5",
     "Each thread puts only its own element in shared memory. Taps inside the tile read shared "
     "memory; halo taps read global memory, counting on the L2 cache because the neighbouring "
     "block loaded those elements as its interior. Simpler loads, a branch per tap.",
     true, 1024, kMaxConv1dRadius},
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
     "saturate DRAM. Measured figures, beside the book's kernels and cuDNN: bench/results.",
     true, 1024, kMaxConv1dRadius},
};

}  // namespace

StrategyTable<Conv1dStrategy> strategy_rows(Conv1dStrategy) { return {kRows, kConv1dStrategyCount}; }

}  // namespace tilescope
