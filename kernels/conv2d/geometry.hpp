#pragma once
// Launch geometry of every conv2d strategy: THE single source of where tiles, halos and ghost
// cells are. The CUDA kernels index with these helpers, the traffic emulation counts with them,
// and the overlays and inspector draw from them. A Conv2dTiling describes one axis; the book's
// strategies and fast tile x and y identically, sliding tiles columns by warps and rows by strips.
#include "kernels/common/hd.hpp"
#include "kernels/common/row_pitch.hpp"
#include "kernels/common/tap_source.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

// fast and separable: every thread computes a kFastCoarsening x kFastCoarsening patch of
// consecutive outputs (separable at r >= 5: twice the rows, separable_patch_rows), so a row of 4
// outputs is one float4 store and its input window starts 16 bytes aligned.
inline constexpr int kFastCoarsening = 4;
// separable's kernel is compiled for at most 16 x 16 threads (its launch bounds).
inline constexpr int kSeparableMaxTile = 16;
// separable's patch is a float4 of columns by separable_patch_rows(r) rows, on tile x
// separable_thread_rows(tile, r) threads (an even tile's output tile stays 4 tile square). Its column pass reads
// rows + 2r intermediate float4s for each 4 x rows outputs, and at r >= 5 that shared-memory traffic
// bounds it: 8-row patches on 16 x 8 threads ran at 85-91% of the copy at r = 5..7 (8192^2 and
// 4097x3001), where 4 x 4 patches on 16 x 16 threads ran at 67-90%; at r = 1, 3 they were 0.5-1%
// slower (H200, bench/studies/2026-11-29-conv2d-separable-shapes.md).
inline constexpr int kSeparableTallPatchRadius = 5;
TS_HD constexpr int separable_patch_rows(int r) {
  return r >= kSeparableTallPatchRadius ? 2 * kFastCoarsening : kFastCoarsening;
}
// From r = 5 too, the row pass writes its intermediate over the staged rows it has read instead of
// into a second tile beside them: a block needs about half the shared memory and an SM holds more
// blocks. At 8192^2 that ran r = 7 at 89% of the copy instead of 87% and r = 8 at 81% instead of
// 77%; at r <= 4 the barrier between a row's reads and its writes cost 1.5-3% (H200,
// bench/studies/2026-11-29-conv2d-separable-shapes.md).
TS_HD constexpr bool separable_in_place(int r) { return r >= kSeparableTallPatchRadius; }
TS_HD constexpr int separable_thread_rows(int tile, int r) {
  const int rows = tile * kFastCoarsening / separable_patch_rows(r);
  return rows > 1 ? rows : 1;
}
// separable stages r halo columns on either side rounded up to whole 32-byte sectors (8 floats),
// so a staged row starts and ends on a sector boundary wherever the image's row does. Rounded up
// to a float4, each staged row at r = 1..4 touched a sector more than its cells fill: separable
// ran at 88-90% of the copy against 97-99% at 8192^2 and 8191^2 (H100,
// bench/results/2026-11-26-h100-separable-sectors.md).
inline constexpr int kSectorFloats = 8;
TS_HD constexpr int sector_halo_columns(int r) { return round_up(r, kSectorFloats); }
// fast stages whole sectors and exactly r rows too where memory bounds it, r <= 3 (at 8192^2
// r = 1..3 went from 88% to 94-97% of the copy, H100). Above, where FP32 issue bounds it, it
// stages r rounded up to a float4 on every side: there sector columns and exact rows measured 4-5%
// slower at r = 4 and 5 on 4K frames (bench/results/2026-11-26-h100-fast-sectors.md).
inline constexpr int kFastSectorMaxRadius = 3;
TS_HD constexpr int float4_halo(int r) { return round_up(r, kFloat4); }
TS_HD constexpr bool fast_stages_sectors(int r) { return r <= kFastSectorMaxRadius; }
// fast's staged halo along axis 0 (columns) or 1 (rows).
TS_HD constexpr int fast_halo(int r, int axis) {
  return !fast_stages_sectors(r) ? float4_halo(r) : axis == 0 ? sector_halo_columns(r) : r;
}

// sliding: the tile is one warp's: each lane owns kSlidingColumns consecutive columns (one
// float4), so a warp covers 128 columns of a strip of rows. A lane's r neighbours on either side
// live in the neighbouring lane's float4 (r <= 4); lanes 31 and 0 also load the float4 left /
// right of the warp's span. The 2r+1 rows of sums in flight and the window stay in registers,
// which at r = 4 no longer fit (measured: 150-240 registers, 14-25% of a copy), so r <= 3.
// A CUDA block holds kSlidingWarpsPerBlock such warps side by side.
inline constexpr int kSlidingLanes = 32;
inline constexpr int kSlidingColumns = 4;
inline constexpr int kSlidingMaxRadius = 3;
inline constexpr int kSlidingWarpsPerBlock = 4;

// fast, separable and sliding move every row as float4s, so the CUDA engine stores their images
// with rows padded to a float4 (row_pitch.hpp) where the width is not a multiple of 4: the
// kernels then run unchanged on rows `pitch` floats apart, a float4 wholly inside the padded
// extent or wholly past it, the padding's zeros standing for the ghost cells right of the image.
// The 4-byte staging of odd rows it replaced ran fast at 0.61-0.83 and separable at 0.68-0.94 of
// the aligned fraction at r >= 3 (H100; bench/results/2026-11-26-h100-conv2d-pitched-rows.md). The
// book's strategies index dense rows, as the book's code does.
TS_HD bool moves_float4_rows(Conv2dStrategy s) {
  return s == Conv2dStrategy::fast || s == Conv2dStrategy::separable || s == Conv2dStrategy::sliding;
}
// Floats from one row of the device image to the next.
TS_HD int conv2d_row_pitch(Conv2dStrategy s, int width) {
  return moves_float4_rows(s) ? float4_row_pitch(width) : width;
}

// Odd strips march up at r = 1, so two neighbouring strips read the rows they share at about the
// same time and the second read hits L2. At r >= 2 the second march's code costs more than the
// re-read rows (instruction cache; measured on an H200), so every strip marches down.
TS_HD constexpr bool sliding_alternates(int r) { return r == 1; }
// The strip (--tile) sliding runs with by default: short strips keep many warps in flight; at
// r = 3 the prologue and epilogue of a strip cost more, so strips are long.
TS_HD constexpr int sliding_default_strip(int r) { return r >= 3 ? 256 : 16; }
inline constexpr int kMaxSlidingStrip = 512;  // the app's slider
// Resident sliding blocks per SM, as the kernels' registers allow (65536 per SM; ptxas, sm_90):
// 64 / 80 / 126 registers at r = 1 / 2 / 3. A CUDA test holds these to
// cudaOccupancyMaxActiveBlocksPerMultiprocessor.
TS_HD constexpr int sliding_blocks_per_sm(int r) { return r == 1 ? 8 : r == 2 ? 6 : 4; }

struct Conv2dTiling {
  Conv2dStrategy strategy;
  int r;     // filter radius
  int tile;  // threads per block along the axis (sliding: the strip's rows, before rounding)
  int axis;  // 0: x (columns), 1: y (rows)

  TS_HD bool sliding() const { return strategy == Conv2dStrategy::sliding; }
  TS_HD bool separable() const { return strategy == Conv2dStrategy::separable; }
  // fast and separable: patches of 4 x 4 outputs per thread (separable: 4 x separable_patch_rows),
  // a staged tile whose rows start 16-byte aligned.
  TS_HD bool coarsened() const { return strategy == Conv2dStrategy::fast || separable(); }
  TS_HD int block_dim() const {
    if (sliding()) return axis == 0 ? kSlidingLanes : 1;
    if (separable() && axis == 1) return separable_thread_rows(tile, r);
    return tile;
  }
  // sliding's strip: 2r rows to start and end it plus whole chunks of 2r+1 rows (the kernel's loop
  // body, so each row's slot among the 2r+1 sums in flight is a compile-time constant). The
  // chunk count is the one whose strip comes closest to `tile` rows.
  TS_HD int strip_chunks() const {
    const int d = 2 * r + 1, m = (tile - 2 * r + d / 2) / d;
    return m > 1 ? m : 1;
  }
  TS_HD int strip_rows() const { return strip_chunks() * (2 * r + 1) + 2 * r; }
  // Consecutive outputs one thread computes along the axis (thread coarsening).
  TS_HD int outputs_per_thread() const {
    if (sliding()) return axis == 0 ? kSlidingColumns : strip_rows();
    if (separable() && axis == 1) return separable_patch_rows(r);
    return coarsened() ? kFastCoarsening : 1;
  }
  // Outputs per block along the axis: tiled_in deactivates r threads on each side.
  TS_HD int out_tile_dim() const {
    return strategy == Conv2dStrategy::tiled_in ? tile - 2 * r : block_dim() * outputs_per_thread();
  }
  // The input a block's outputs need: output tile plus r halo cells on each side.
  TS_HD int in_tile_dim() const { return out_tile_dim() + 2 * r; }
  // Staged rows start at a 16-byte aligned image column and are filled with float4 loads: separable
  // (and fast at r <= 3) stage halo columns rounded up to whole sectors (sector_halo_columns), so
  // each row starts 32-byte aligned, and exactly r rows above and below; fast at r >= 4 stages r
  // rounded up to a float4 on every side (fast_halo).
  // sliding brings its cells on chip in registers instead: x adds lane 31's and lane 0's extra
  // float4 on either side of the warp, y the r rows above and below the strip.
  TS_HD int shared_halo() const {
    if (sliding()) return axis == 0 ? kSlidingColumns : r;
    if (separable()) return axis == 0 ? sector_halo_columns(r) : r;
    return strategy == Conv2dStrategy::fast ? fast_halo(r, axis) : r;
  }
  // Whether the staged rows are whole 32-byte sectors of the image row (the legend says which).
  TS_HD bool stages_sectors() const {
    return separable() || (strategy == Conv2dStrategy::fast && fast_stages_sectors(r));
  }
  // Cells the block stages in shared memory (sliding: loads into registers; 0 when it uses none).
  TS_HD int shared_dim() const {
    switch (strategy) {
      case Conv2dStrategy::tiled_in: return tile;
      case Conv2dStrategy::tiled_out: return tile + 2 * r;
      case Conv2dStrategy::cached_halo: return tile;
      case Conv2dStrategy::fast:
      case Conv2dStrategy::sliding:
      case Conv2dStrategy::separable: return out_tile_dim() + 2 * shared_halo();
      default: return 0;
    }
  }
  // Image coordinate of the block's first output, first input-tile cell, first shared cell.
  TS_HD int out_origin(int b) const { return b * out_tile_dim(); }
  TS_HD int in_origin(int b) const { return out_origin(b) - r; }
  TS_HD int shared_origin(int b) const {
    return strategy == Conv2dStrategy::cached_halo ? out_origin(b) : out_origin(b) - shared_halo();
  }
  TS_HD bool in_shared(int b, int p) const { return in_range(p - shared_origin(b), shared_dim()); }
  // separable: the row pass's output, the intermediate tile kept in shared memory. Along x it is
  // the output tile's columns (each filtered from r staged columns on either side: the row
  // pass's halo); along y the output tile's rows plus r above and below (the column pass's halo).
  TS_HD int row_pass_dim() const { return axis == 0 ? out_tile_dim() : in_tile_dim(); }
  TS_HD int row_pass_origin(int b) const { return axis == 0 ? out_origin(b) : in_origin(b); }
  // Along y: the intermediate rows block b's row pass computes, from row_pass_origin(b): those the
  // block's outputs inside an image of n rows need (a bottom block skips the rest).
  TS_HD int row_pass_rows(int b, int n) const {
    const int inside = n - out_origin(b);
    return (inside < out_tile_dim() ? inside : out_tile_dim()) + 2 * r;
  }
  // Compute phase: does thread t compute (before the image-bound check), and its k-th output.
  TS_HD bool computes(int t) const { return strategy != Conv2dStrategy::tiled_in || (t >= r && t < tile - r); }
  TS_HD int out_coord(int b, int t, int k = 0) const {
    return out_origin(b) + (strategy == Conv2dStrategy::tiled_in ? t - r : t * outputs_per_thread() + k);
  }
  // Block that computes output coordinate p, the thread within it, and which of its outputs.
  TS_HD int block_of(int p) const { return p / out_tile_dim(); }
  TS_HD int thread_of(int p) const {
    const int offset = p - out_origin(block_of(p));
    return strategy == Conv2dStrategy::tiled_in ? offset + r : offset / outputs_per_thread();
  }
  TS_HD int output_of(int p) const { return (p - out_origin(block_of(p))) % outputs_per_thread(); }
  TS_HD int grid_dim(int n) const { return (n + out_tile_dim() - 1) / out_tile_dim(); }
  // The input window of one thread's outputs along the axis (its patch plus r on each side).
  TS_HD int thread_window_dim() const { return outputs_per_thread() + 2 * r; }
  // CUDA's view of the tiles: sliding packs kSlidingWarpsPerBlock warp tiles side by side along x
  // into one CUDA block, every other strategy launches one tile per block. Tile b is tile
  // tile_in_block(b) of CUDA block cuda_block(b); its thread t is CUDA thread cuda_thread(b, t).
  TS_HD int tiles_per_block() const { return sliding() && axis == 0 ? kSlidingWarpsPerBlock : 1; }
  TS_HD int cuda_block_dim() const { return block_dim() * tiles_per_block(); }
  TS_HD int cuda_grid_dim(int n) const { return (grid_dim(n) + tiles_per_block() - 1) / tiles_per_block(); }
  TS_HD int cuda_block(int b) const { return b / tiles_per_block(); }
  TS_HD int tile_in_block(int b) const { return b % tiles_per_block(); }
  TS_HD int cuda_thread(int b, int t) const { return tile_in_block(b) * block_dim() + t; }
  // The inverse, as a kernel finds its tile and thread from blockIdx and threadIdx.
  TS_HD int tile_of(int cuda_b, int cuda_t) const { return cuda_b * tiles_per_block() + cuda_t / block_dim(); }
  TS_HD int thread_in_tile(int cuda_t) const { return cuda_t % block_dim(); }
  // sliding: the strips of block row b march up (see sliding_alternates).
  TS_HD bool marches_up(int b) const { return sliding() && axis == 1 && sliding_alternates(r) && (b & 1) != 0; }
};

TS_HD Conv2dTiling tiling_of(const Conv2dParams& p, int axis) {
  return Conv2dTiling{p.strategy, p.filter_radius, p.tile, axis};
}

// The strip for an image on a device of sm_count SMs (sm_count 0, not known: the radius' default).
// A launch runs in waves of sm_count x sliding_blocks_per_sm resident blocks, and a wave lasts
// as long as a strip's march (its rows plus the 2r lead-in rows). So the strip, from one chunk up
// to the radius' default, is the one with the fewest rows marched per resident slot, waves x
// (rows + 2r); a tie goes to the longer strip (fewer halo rows read twice). The rule it replaces
// asked for at least 15 warps per SM: 4097x3001 at r = 3 then took 48-row strips, 567 blocks for
// 528 slots, and ran a second wave of 39 blocks (H100: 0.059 ms; 55-row strips in one wave: 0.050 ms).
TS_HD int sliding_strip_for(int r, int width, int height, int sm_count) {
  Conv2dTiling gx{Conv2dStrategy::sliding, r, sliding_default_strip(r), 0}, gy = gx;
  gy.axis = 1;
  if (sm_count <= 0 || width <= 0 || height <= 0) return gy.tile;
  const long long slots = 1LL * sm_count * sliding_blocks_per_sm(r), blocks_x = gx.cuda_grid_dim(width);
  int best = gy.tile;
  long long best_rows = -1;
  for (int m = gy.strip_chunks(); m >= 1; --m) {
    Conv2dTiling g = gy;
    g.tile = m * (2 * r + 1) + 2 * r;  // exactly m chunks
    const long long waves = (blocks_x * g.cuda_grid_dim(height) + slots - 1) / slots;
    const long long rows = waves * (g.strip_rows() + 2 * r);
    if (best_rows < 0 || rows < best_rows) best = g.tile, best_rows = rows;
  }
  return best;
}

// The warp of thread (tx, ty): CUDA numbers a block's threads row by row, ty * blockDim.x + tx,
// and hands them out to warps of 32 in that order.
inline constexpr int kWarpSize = 32;
TS_HD int warp_of(const Conv2dTiling& gx, int tx, int ty) { return (ty * gx.block_dim() + tx) / kWarpSize; }

// sliding: what lane t of block b holds along x. Lane 31 loads the float4 left of the warp's
// span and lane 0 the one right of it: the values the wrap-around shuffles deliver to lane 0
// and lane 31.
inline constexpr int kNoEdge = -(1 << 30);
struct SlidingLane {
  int x;       // first of the lane's 4 columns
  int warp_x;  // first column of the warp's span
  int edge_x;  // first column of the extra float4 (kNoEdge for lanes 1..30)
};

TS_HD SlidingLane sliding_lane(const Conv2dTiling& gx, int b, int t) {
  const int warp_x = gx.out_origin(b);
  const int edge_x = t == kSlidingLanes - 1 ? warp_x - kSlidingColumns : t == 0 ? warp_x + gx.out_tile_dim() : kNoEdge;
  return SlidingLane{gx.out_coord(b, t), warp_x, edge_x};
}

// Source of the tap at image position (x, y) for an output of block (bx, by).
TS_HD TapSource tap_source(const Conv2dTiling& gx, const Conv2dTiling& gy, int width, int height, int bx, int by, int x,
                           int y) {
  return classify_tap(gx.in_shared(bx, x) && gy.in_shared(by, y), in_range(x, width) && in_range(y, height));
}

}  // namespace tilescope
