#pragma once
// The one parameter struct of the matrix multiplication P = M N (PMPP chapters 3 and 5), shared
// by kernels, traffic model, views and CLI. M is rows x inner, N is inner x cols, P rows x cols.
#include <cstdint>

namespace tilescope {

enum class MatmulStrategy : std::uint8_t {
  naive,  // one thread per P element, every operand from global memory
  tiled,  // Mds / Nds tiles in shared memory, phase by phase, with boundary checks
  fast,   // beyond the book: 128 x 128 or 128 x 256 block tiles, warps of 64 x 64, 16 x 8 outputs a thread
};
inline constexpr int kMatmulStrategyCount = 3;

inline constexpr int kMinMatmulTile = 2;
inline constexpr int kMaxMatmulTile = 32;  // TILE_WIDTH^2 threads: 32 x 32 = 1024

// fast's block tile is 128 rows by `tile` columns, 128 or 256: a block of `tile` threads, warps of
// 64 x 64 (the warp tile of cuBLAS's FP32 kernel), each thread 16 x 8 outputs; phases of 8 along the
// inner dimension, copied into shared memory stages - 1 phases ahead (MatmulTiling::fast_stages). Two
// 128-wide blocks share an SM, or one 256-wide block (cuBLAS's own 128 x 256): the same 8 warps. The
// wide block reads fewer tiles of M and N a product; matmul_fast_shape_for says where it pays.
inline constexpr int kMatmulFastTileRows = 128;
inline constexpr int kMatmulFastNarrowTile = 128;
inline constexpr int kMatmulFastWideTile = 256;
inline constexpr int kMatmulFastDepth = 8;
inline constexpr int kMatmulFastThreadsPerSm = 256;  // the launch bounds: at most 255 registers a thread
inline constexpr int kMatmulFastWarpTile = 64;       // a warp's square of the block tile
inline constexpr int kMatmulFastOutputRows = 16;     // per thread
inline constexpr int kMatmulFastOutputCols = 8;
inline constexpr int kMatmulFastPad = 4;  // Ms's rows padded: a warp's transposing copies (4 rows x 8 k) hit 32 banks
// fast's split-K: the phases cut into `slices` runs of whole phases (blockIdx.z), each block adding its
// partial tile into P (zeroed first) with atomicAdd; for products whose tiles leave SMs idle.
inline constexpr int kMatmulFastMaxSlices = 8;

struct MatmulParams {
  MatmulStrategy strategy = MatmulStrategy::tiled;
  int tile = 16;  // TILE_WIDTH: the block is tile x tile threads; fast: its block tile's columns, 128 or 256
  int rows = 1024, inner = 1024, cols = 1024;
  int slices = 1;  // fast's split-K (1: none); the others run the whole inner dimension in a block

  bool operator==(const MatmulParams& o) const {
    return strategy == o.strategy && tile == o.tile && rows == o.rows && inner == o.inner && cols == o.cols &&
           slices == o.slices;
  }
};

}  // namespace tilescope
