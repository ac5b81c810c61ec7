#pragma once
// The one parameter struct of the matrix multiplication P = M N (PMPP chapters 3 and 5), shared
// by kernels, traffic model, views and CLI. M is rows x inner, N is inner x cols, P rows x cols.
#include <cstdint>

namespace tilescope {

enum class MatmulStrategy : std::uint8_t {
  naive,  // one thread per P element, every operand from global memory
  tiled,  // Mds / Nds tiles in shared memory, phase by phase, with boundary checks
  fast,   // beyond the book: 128 x 128 block tiles, warps of 64 x 64, 16 x 8 outputs per thread
};
inline constexpr int kMatmulStrategyCount = 3;

inline constexpr int kMinMatmulTile = 2;
inline constexpr int kMaxMatmulTile = 32;  // TILE_WIDTH^2 threads: 32 x 32 = 1024

// fast's fixed shape (it ignores TILE_WIDTH): a block of 128 threads, 4 warps of 64 x 64 (the warp tile
// of cuBLAS's FP32 kernel), computes a 128 x 128 tile of P, each thread 16 x 8 outputs, 2 blocks per SM;
// phases of 8 along the inner dimension, copied into shared memory kMatmulFastStages - 1 phases ahead.
inline constexpr int kMatmulFastTileRows = 128;
inline constexpr int kMatmulFastTileCols = 128;
inline constexpr int kMatmulFastDepth = 8;
inline constexpr int kMatmulFastThreads = 128;
inline constexpr int kMatmulFastBlocksPerSm = 2;  // the launch bounds: at most 255 registers a thread
inline constexpr int kMatmulFastWarpTile = 64;    // a warp's square of the block tile
inline constexpr int kMatmulFastOutputRows = 16;  // per thread
inline constexpr int kMatmulFastOutputCols = 8;
inline constexpr int kMatmulFastStages = 4;
inline constexpr int kMatmulFastPad = 4;  // Ms's rows padded: a warp's transposing copies (4 rows x 8 k) hit 32 banks

struct MatmulParams {
  MatmulStrategy strategy = MatmulStrategy::tiled;
  int tile = 16;  // TILE_WIDTH: the block is tile x tile threads (fast ignores it)
  int rows = 1024, inner = 1024, cols = 1024;

  bool operator==(const MatmulParams& o) const {
    return strategy == o.strategy && tile == o.tile && rows == o.rows && inner == o.inner && cols == o.cols;
  }
};

}  // namespace tilescope
