#pragma once
// The one parameter struct of the matrix multiplication P = M N (PMPP chapters 3 and 5), shared
// by kernels, traffic model, views and CLI. M is rows x inner, N is inner x cols, P rows x cols.
#include <cstdint>

namespace tilescope {

enum class MatmulStrategy : std::uint8_t {
  naive,  // one thread per P element, every operand from global memory
  tiled,  // Mds / Nds tiles in shared memory, phase by phase, with boundary checks
};
inline constexpr int kMatmulStrategyCount = 2;

inline constexpr int kMinMatmulTile = 2;
inline constexpr int kMaxMatmulTile = 32;  // TILE_WIDTH^2 threads: 32 x 32 = 1024

struct MatmulParams {
  MatmulStrategy strategy = MatmulStrategy::tiled;
  int tile = 16;  // TILE_WIDTH: the block is tile x tile threads
  int rows = 1024, inner = 1024, cols = 1024;

  bool operator==(const MatmulParams& o) const {
    return strategy == o.strategy && tile == o.tile && rows == o.rows && inner == o.inner && cols == o.cols;
  }
};

}  // namespace tilescope
