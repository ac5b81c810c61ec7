#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {
namespace {

constexpr Stencil3dStrategyInfo kRows[kStencil3dStrategyCount] = {
    {Stencil3dStrategy::basic, "basic", "Basic", "PMPP 8.2",
     "One thread per grid point. Each reads its 6k+1 points straight from global memory: 13 ops "
     "for 7 loads of the seven-point stencil, 0.46 OP/B. Cells within k of the domain edge keep "
     "their value (boundary conditions).",
     false, 8, kMaxStencil3dRadius},
    {Stencil3dStrategy::tiled, "tiled", "Tiled, block = input tile", "PMPP Fig 8.8",
     "Each T x T x T block loads its input tile into shared memory; after the barrier only the "
     "inner (T-2k)^3 threads compute. The 1024-thread limit keeps T <= 8 in practice, so the halo "
     "shell is most of the tile (58% at 8^3) and a warp spans four 8-wide rows: poor coalescing.",
     false, 8, kMaxStencil3dRadius},
    {Stencil3dStrategy::coarsened, "coarsened", "Thread coarsening in z", "PMPP 8.4",
     "A T x T block marches through the tile in z, computing T-2k output planes. Shared memory "
     "holds 2k+1 planes (previous, current, next); each step loads one new plane. T can now be 32: "
     "full-warp rows coalesce and the halo fraction falls.",
     false, 32, kMaxStencil3dRadius},
    {Stencil3dStrategy::register_tiled, "register_tiled", "Register tiling", "PMPP 8.5",
     "As coarsened, but a star stencil reads the previous and next planes only at the thread's own "
     "(x, y): they live in registers. Shared memory keeps just the current plane, T^2 x 4 bytes "
     "instead of 3 T^2 x 4; the global loads, and so the OP/B, are unchanged.",
     false, 32, kMaxStencil3dRadius},
    {Stencil3dStrategy::fast, "fast", "Fast: vector rows, no shared memory", "beyond PMPP 8.5",
     "Register tiling without shared memory or barriers. A warp owns one row of 32 float4s (128 cells: "
     "each load is four full 128-byte lines), a block 8 rows, and it marches a short z chunk of T planes "
     "with the z neighbours in a register queue, as in 8.5. The x neighbours are other lanes' registers "
     "(__shfl_sync); only a row's two end lanes load theirs. The y neighbours are plain loads that hit "
     "L1/L2: the rows next door are other warps' centres, just loaded. No thread only loads, no barrier "
     "stalls the loads in flight, every access is 16 bytes wide, and DRAM sees each cell about once "
     "(plus 2k/Z re-read at chunk ends). By the book's count of load instructions its OP/B is below "
     "8.5's; what it removes is DRAM bytes, idle halo threads and barriers. Measured figures, beside a "
     "device-to-device copy of the grid: bench/results.",
     false, 18, kMaxStencil3dRadius},
};

}  // namespace

StrategyTable<Stencil3dStrategy> strategy_rows(Stencil3dStrategy) { return {kRows, kStencil3dStrategyCount}; }

}  // namespace tilescope
