#include "kernels/matmul_strategies.hpp"

namespace tilescope {
namespace {

constexpr MatmulStrategyInfo kMatmul[kMatmulStrategyCount] = {
    {MatmulStrategy::naive, "naive", "Naive, one thread per P element", "PMPP Fig 3.11",
     "Each thread walks row `row` of M and column `col` of N in global memory and accumulates "
     "their dot product in a register. Every multiply-add needs two 4-byte loads: 0.25 OP/B. "
     "Neighbouring threads read the same M row and N column again and again; only the caches "
     "save the traffic."},
    {MatmulStrategy::tiled, "tiled", "Tiled (Mds, Nds in shared memory)", "PMPP Fig 5.9 / 5.13",
     "The dot product is cut into phases of TILE_WIDTH. In each phase every thread of the "
     "TILE_WIDTH x TILE_WIDTH block loads one element of M into Mds and one of N into Nds "
     "(zero outside the matrices), a barrier waits until all are written (read-after-write), "
     "the block multiplies the two tiles from shared memory, and a second barrier waits until "
     "all have read them before the next phase overwrites them (write-after-read). Each "
     "element is loaded TILE_WIDTH times fewer: TILE_WIDTH x 0.25 OP/B."},
};

}  // namespace

const MatmulStrategyInfo* matmul_strategies() { return kMatmul; }

const MatmulStrategyInfo& strategy_info(MatmulStrategy s) { return kMatmul[static_cast<int>(s)]; }

std::optional<MatmulStrategy> parse_matmul_strategy(std::string_view name) {
  for (const auto& info : kMatmul)
    if (info.name == name) return info.id;
  return std::nullopt;
}

const char* matmul_strategy_names() { return "naive, tiled"; }

}  // namespace tilescope
