#include "kernels/matmul/strategies.hpp"

namespace tilescope {
namespace {

constexpr MatmulStrategyInfo kRows[kMatmulStrategyCount] = {
    {MatmulStrategy::naive, "naive", "Naive, one thread per P element", "PMPP Fig 3.11",
     "Each thread walks row `row` of M and column `col` of N in global memory and accumulates "
     "their dot product in a register. Every multiply-add needs two 4-byte loads: 0.25 OP/B. "
     "Neighbouring threads read the same M row and N column again and again; only the caches "
     "save the traffic.",
     false, 16},
    {MatmulStrategy::tiled, "tiled", "Tiled (Mds, Nds in shared memory)", "PMPP Fig 5.9 / 5.13",
     "The dot product is cut into phases of TILE_WIDTH. In each phase every thread of the "
     "TILE_WIDTH x TILE_WIDTH block loads one element of M into Mds and one of N into Nds "
     "(zero outside the matrices), a barrier waits until all are written (read-after-write), "
     "the block multiplies the two tiles from shared memory, and a second barrier waits until "
     "all have read them before the next phase overwrites them (write-after-read). Each "
     "element is loaded TILE_WIDTH times fewer: TILE_WIDTH x 0.25 OP/B.",
     false, 16},
    {MatmulStrategy::fast, "fast", "Fast: 8 x 8 outputs per thread", "beyond PMPP (register tiling)",
     "Beyond the book: thread coarsening in two dimensions. A block of 16 x 16 threads computes a "
     "128 x 128 tile of P, each thread 8 x 8 elements held in 64 registers (TILE_WIDTH does not "
     "apply). In each phase of 8 along the inner dimension every thread loads one float4 of M "
     "and one of N; M's tile is stored transposed (Ms[k][row]) so that, for each k, a thread "
     "reads its 8 values of M's column and 8 of N's row with four float4 shared loads and does "
     "64 multiply-adds with them: an outer product from registers, 4 FMAs per shared load "
     "instead of the tiled kernel's 1/2. The tiles are double-buffered: the next phase's float4s "
     "are fetched from global memory while this phase computes, so one barrier per phase "
     "suffices. Each loaded element serves 128 multiply-adds: 32 OP/B. It is a plain FFMA kernel: "
     "measured figures, beside the tiled kernel and cuBLAS sgemm: bench/results.",
     false, 16},
};

}  // namespace

StrategyTable<MatmulStrategy> strategy_rows(MatmulStrategy) { return {kRows, kMatmulStrategyCount}; }

}  // namespace tilescope
