#pragma once
// Launch geometry of every stencil3d strategy: THE single source of where tiles, halos and ghost
// cells are. The CUDA kernels index with these helpers, the traffic emulation counts with them,
// the overlays draw from them. The textbook strategies tile all three axes alike: the marching
// ones (coarsened, register_tiled) walk z with a loop where the cube strategies have threads, over
// the same T-wide input tile, so one axis describes either. The fast strategy tiles each axis its
// own way (a warp-wide row of vectors in x, 8 rows in y, a marching chunk in z). The temporal
// strategy fuses K steps in one launch: its block is an overlapped tile whose halo is K k cells wide,
// and the part of it each step leaves valid shrinks by k per step (TemporalTiling, below).
#include <algorithm>

#include "kernels/common/hd.hpp"
#include "kernels/common/in_range.hpp"
#include "kernels/common/launch.hpp"
#include "kernels/common/row_pitch.hpp"
#include "kernels/stencil3d/params.hpp"

namespace tilescope {

// Cells closer than k to the domain's edge keep their input value (the book's kernels skip them).
TS_HD bool stencil_interior(int p, int n, int k) { return p >= k && p < n - k; }

struct StencilAxisTiling {
  bool tiled;   // false: threads map straight onto outputs (basic; fast in x and y)
  int k;        // order
  int tile;     // T: input-tile cells along the axis (threads x vec, or loop steps along z when marching)
  int vec = 1;  // consecutive cells each thread owns along the axis (fast in x: a float4)

  // Outputs per block: the tiled kernels deactivate the k-wide halo on each side.
  TS_HD int out_tile_dim() const { return tiled ? tile - 2 * k : tile; }
  // Input-tile cells along the axis: T when tiled, else just the outputs (no halo staged).
  TS_HD int in_tile_dim() const { return tiled ? tile : out_tile_dim(); }
  // Halo cells on each side of the output tile (loaded, never computed).
  TS_HD int halo() const { return tiled ? k : 0; }
  TS_HD int out_origin(int b) const { return b * out_tile_dim(); }
  // First input-tile cell (tiled), or first output (untiled).
  TS_HD int in_origin(int b) const { return out_origin(b) - (tiled ? k : 0); }
  TS_HD int threads() const { return tile / vec; }
  // Domain coordinate of (the first cell of) thread, or z step, t of block b.
  TS_HD int cell(int b, int t) const { return in_origin(b) + t * vec; }
  // Does thread t compute an output (before the domain check)? Tiled: only the inner T - 2k.
  TS_HD bool computes(int t) const { return !tiled || (t >= k && t < tile - k); }
  TS_HD int block_of(int p) const { return p / out_tile_dim(); }
  TS_HD int thread_of(int p) const { return (p - in_origin(block_of(p))) / vec; }
  TS_HD int grid_dim(int n) const { return (n + out_tile_dim() - 1) / out_tile_dim(); }
};

// The fast strategy's block: 256 threads launched as 32 x 8, in rows of 32 lanes (a warp, 8 rows
// measured best: 4 to 16 were within 2%) or, in the grid's last column, fewer (fast_row_lanes), so
// the x neighbours of a row pass between lanes of one warp by shuffles.
inline constexpr int kFastThreads = 256;
inline constexpr int kFastWarp = 32;
// The longest z chunk (--tile) fast marches: past a grid's depth a longer one changes nothing.
inline constexpr int kMaxFastChunk = 1024;
// fast's resident blocks per SM at order k (its launch bounds ask for at least these, kernels.cu):
// 44, 62 and 80 registers a thread at orders 1, 2 and 3.
TS_HD constexpr int fast_blocks_per_sm(int k) { return k == 1 ? 5 : k == 2 ? 4 : 3; }
// fast's z chunk (--tile) where the 2k planes a chunk shares with the next come back from L2: 8, 10
// and 18 planes at orders 1, 2 and 3. On an H100 these ran fastest (or within 3%) on grids whose
// planes hold up to 2 MB (512^3, 777 x 333 x 211, 300 x 400 x 300, 700^2 x 300), up to 16% faster at
// orders 1-2 than the 18 planes fast marched before (bench/results/2026-11-26-h100-stencil3d-chunks.md).
TS_HD constexpr int fast_longest_chunk(int k) { return k == 1 ? 8 : k == 2 ? 10 : 18; }
// The shortest chunk fast_chunk_for weighs, and the longest where the planes are big: from 4 MB
// planes (1000^2, 1024^2, 2048 x 1024, 1919 x 1079) chunks of 42 to 66 planes ran fastest, up to
// 1.37x faster than 10 at order 3, as the shared planes then come back from DRAM.
inline constexpr int kFastShortestChunk = 8;
inline constexpr int kFastStreamingChunk = 66;
// Whether the 2k planes a chunk of T planes shares with the next come back from DRAM, not L2: between a
// block's last planes and the next chunk's block of the same column reading them again, the GPU's blocks
// march about a chunk of planes, T read and T written through the L2 cache, and 2 T planes outgrow it.
// At order 1 (T = 8: 16 planes) that put the line between 2 MB planes (L2) and 4 MB ones (DRAM) on the
// H100's 50 MB, as measured; at order 3 (T = 18: 36 planes) between 1 MB planes (512^3) and 2.5 MB ones
// (993 x 600 x 400 ran 7% faster in 48-plane chunks than in 18:
// bench/results/2026-11-27-h100-stencil3d-row-alignment.md). Launching a column's chunks together,
// marching towards each other, brought those planes back from L2 but ran no faster, and slower where
// a column has many chunks (bench/results/2026-11-27-h100-stencil3d-meeting-chunks.md).
TS_HD constexpr bool fast_chunk_streams(long long plane_bytes, int chunk, long long l2_bytes) {
  return l2_bytes > 0 && 2LL * chunk * plane_bytes > l2_bytes;
}
// Cells per thread in x: a float4. Each row must start 16-byte aligned, so at a width that is
// not a multiple of 4 the CUDA engine stores fast's grid with its rows padded to the next multiple
// of 4 cells (stencil_layout), as cudaMallocPitch does; the padding holds zeros, a thread whose
// float4 reaches into it loads and stores it, and no cell of the grid reads it. Staging odd rows
// in shared memory instead, or owning one cell per thread, measured 0.5-0.9 of the aligned speed
// (bench/studies/2026-11-26-stencil3d-odd-width.md).
inline constexpr int kFastVec = 4;
// fast on a flattened plane: the grid keeps dense rows, each plane padded to a float4 (at most 3
// cells), and fast's threads own 4 consecutive cells of the flattened plane, a float4 that may hold
// the end of one row and the start of the next; a block owns 1024 consecutive cells of a plane. Its
// price: a row o away starts o W cells off, so where o W is not a multiple of 4 its 4 cells come
// as two float4s (load_row_cells): all 2k rows at an odd width, the odd rows at a width of 2 mod 4.
// Padded rows' price: a narrow grid's float4s move pitch / width times its bytes, and where the pitch
// is under 128 floats every block is a folded column (fast_row_lanes) whose rows straddle warps. So a
// grid is flattened where its padding adds more than 1/16 of a row (a 33-wide grid moves 36/33 of its
// bytes, a 9-wide one 12/9), or its pitch is under kFastColumnCells with 2 or 3 cells of padding (widths
// of 1 and 2 mod 4). On an H100:
// - 5 to 45 wide grids of 69-604 MB went from 0.62-0.91 of the aligned 512^3's fraction of the copy
//   to 0.91-1.14 at every order (bench/results/2026-11-27-h100-stencil3d-flat-product.md);
// - from 42 to 121 wide (x 1024 x 512), the widths of 1 and 2 mod 4 ran up to 8% faster flattened
//   (61 wide at order 3: 0.3% slower); those of 3 mod 4 (1 cell of padding, all rows two
//   float4s) 0.7-4.4% slower at order 3 from 43 wide on, and 125 and 126 wide (pitch 128: whole warp
//   rows) 3-6% slower (bench/results/2026-11-27-h100-stencil3d-row-alignment.md).
// Grids of 10-42 MB, which the L2 cache holds, ran up to 13% slower at order 1 flattened
// (bench/results/2026-11-27-h100-stencil3d-flat-plane.md), so only grids of kFastFlatCells and more
// (64 MB as float32, past the 50-60 MB L2 of an H100 or H200) are flattened.
inline constexpr int kFastFlatBlockCells = kFastThreads * kFastVec;
inline constexpr long long kFastFlatCells = 1LL << 24;
inline constexpr int kFastColumnCells = kFastWarp * kFastVec;  // one column of fast's blocks: 128 cells
TS_HD bool fast_flat(int width, int height, int depth) {
  const int pitch = float4_row_pitch(width), padding = pitch - width;
  return (padding * 16 > width || (pitch < kFastColumnCells && padding >= 2)) &&
         1LL * width * height * depth >= kFastFlatCells;
}
// Lanes per row in fast's block column bx, whose 256 threads span 128 cells of x (32 float4s).
// Where the row goes on past the column: 32, a warp a row, 8 rows. The grid's last column, where
// the row ends part-way, holds pitch / 4 mod 32 float4s of each row: its block folds the same 256
// threads into rows of exactly that many lanes, as many whole rows as 256 threads hold (so fewer
// than a row's lanes idle), end to end: a row may straddle two warps, and the lanes at a warp's
// edge load the neighbours the next warp holds (fast_loads_x_neighbour). 513 wide left 31 lanes of
// 32 idle in a fifth of the blocks; a narrow grid (33, 4 wide) is all last column. On an H100 the
// fold into rows of a power of two lanes (at most half of them idle) made order 3 1.08-1.36x faster
// at 513, 257, 385, 777 and 129 x 600 wide, and narrow grids up to 2.3x; rows of 16 lanes in every
// column had measured no faster (bench/results/2026-11-26-h100-stencil3d-folded-column.md).
// Rows of exactly the column's float4s: bench/results/2026-11-26-h100-stencil3d-exact-rows.md.
TS_HD int fast_row_lanes(int pitch, int bx) {
  const int left = pitch / kFastVec - bx * kFastWarp;  // float4s of the row from this column on
  return left < 1 ? 1 : left < kFastWarp ? left : kFastWarp;
}
// fast's padded rows on a big plane start 128 bytes apart (a multiple of 32 floats), so that every
// warp's row of 32 float4s is 4 cache lines, not 5; the float4s past the width hold no cells, their
// lanes load and store nothing, and no cell reads them. Only on planes of kFastLinePlaneCells
// (2 MB) and more, where it pads at most 1/32 of a row, leaves at most a quarter of the last
// column's lanes (fast_row_lanes of the wider pitch) idle, and the padded grid still fits kMaxPixels.
// On an H100 at order 3 that ran 1000^2 x 100 5% faster, 1000^2 x 200 4.5%, 999 x 1001, 1200^2 and
// 3000 x 2000 3-4%, 1500^2, 2000 x 1000 and 993 x 600 within 1%, and 1100 x 500 at order 2 1% slower.
// 900 x 700, whose wider pitch left 7 of the 8 lanes of its last column idle, ran 2.5% slower at
// order 2. On smaller planes 250^3 ran up to 4% and 777 x 333 2% slower, 700^2 up to 1.3% faster
// (bench/results/2026-11-27-h100-stencil3d-row-alignment.md).
inline constexpr int kFastLineFloats = 32;
inline constexpr long long kFastLinePlaneCells = 1LL << 19;
TS_HD int fast_row_pitch(int width, int height, int depth) {
  const int float4s = float4_row_pitch(width), lines = round_up(width, kFastLineFloats);
  const int last_lanes = fast_row_lanes(lines, (lines / kFastVec - 1) / kFastWarp), idle = (lines - float4s) / kFastVec;
  const bool aligned = 1LL * width * height >= kFastLinePlaneCells && (lines - width) * kFastLineFloats <= width &&
                       idle * 4 <= last_lanes && 1LL * lines * height * depth <= kMaxPixels;
  return aligned ? lines : float4s;
}
// Where cell (x, y, z) of the device grid lives: z * plane + y * row + x (floats).
struct StencilGridLayout {
  int row;
  long long plane;
};
// The width and dense planes for the book's strategies; fast: rows padded to a float4 (on a big
// plane to 128 bytes: fast_row_pitch), or on a flattened plane (fast_flat) dense rows and each plane
// padded to a float4; temporal: rows padded to a float4.
TS_HD StencilGridLayout stencil_layout(Stencil3dStrategy s, int width, int height, int depth) {
  const long long cells = 1LL * width * height;
  if (s == Stencil3dStrategy::temporal) {  // rows padded to a float4 (its threads own float4s)
    const int pitch = float4_row_pitch(width);
    return {pitch, 1LL * pitch * height};
  }
  if (s != Stencil3dStrategy::fast) return {width, cells};
  if (fast_flat(width, height, depth)) return {width, (cells + kFastVec - 1) / kFastVec * kFastVec};
  const int pitch = fast_row_pitch(width, height, depth);
  return {pitch, 1LL * pitch * height};
}

// Fast, x neighbour d cells right of a thread's first cell x0 (d < 0: left; d >= vec: right):
// it lives in the register `fast_component` of the thread `fast_lane_shift` lanes away.
TS_HD int fast_lane_shift(int d, int vec) { return d >= 0 ? d / vec : -((vec - 1 - d) / vec); }
TS_HD int fast_component(int d, int vec) { return d - fast_lane_shift(d, vec) * vec; }
// Thread t of a block in rows of `lanes` (lane t % lanes of row t / lanes): that lane is outside
// its row (the row's edge) or its warp (a row that straddles two warps): the thread loads the cell
// itself (L1); else a shuffle brings it.
TS_HD bool fast_loads_x_neighbour(int t, int d, int vec, int lanes) {
  const int shift = fast_lane_shift(d, vec), from = t % lanes + shift, warp_lane = t % kFastWarp + shift;
  return from < 0 || from >= lanes || warp_lane < 0 || warp_lane >= kFastWarp;
}

// ---- temporal: K steps fused in one launch (beyond the book) ------------------------------------
//
// Overlapped tiles, streaming in z (the "2.5D" / "3.5D" blocking of Nguyen et al., SC 2010). A block
// owns an input tile of 64 x 64 columns and marches a z chunk of Z output planes, loading Z + 2 S k
// input planes once each (cp.async, kTemporalLookahead planes ahead). S = the steps it fuses. Its
// threads are coarsened as fast's are: half a warp spans a row of 16 float4s (the x neighbours pass
// between lanes by shuffles), and each thread owns its float4 in kTemporalRowsPerThread consecutive rows (the y
// neighbours between them stay in registers; those of the first and last rows pass through shared
// memory). Stage s (1..S) computes step s of the plane s k behind the newest loaded one, from stage
// s-1's planes: the z neighbours in a register queue per stage (as PMPP 8.5; the loop is unrolled by the
// queue's length, 2k+1, so the queues rotate by renaming, not by moves), the y neighbours of the first
// and last rows through one shared plane per stage (stage 1's: the input ring itself), the x neighbours
// by shuffles; one barrier per plane for all S stages. The step-s values a block can trust are those
// at least s k cells inside its input tile (along x, y and its z chunk): nested valid regions, each k
// narrower per side than the last (TemporalTiling::valid_box). Along y and z the last one, 64 - 2 S k
// rows and Z planes, is the output tile; along x the halo is one lane's float4 whatever S k (<= 4), so
// every row the block loads and writes starts 16-byte aligned: the output tile is 56 columns. What it
// computes outside its output tile some neighbouring block computes too (TemporalTiling::redundant):
// the price of reading and writing the grid once per S steps. Cells within k of the grid's edge keep
// their value every step, so a block at the grid's edge is exact up to the edge; cells past it are
// ghosts (zeros, never used). The device grid's rows are padded to a float4 (stencil_layout), as fast's.
//
// Why overlapped tiles and not trapezoids or diamonds: a diamond / trapezoid tiling removes the
// redundant work, but its tiles depend on each other (a tile needs the faces its neighbours wrote),
// so they run in ordered waves across the grid, and each tile still needs the same per-step queues
// on chip. Overlapped tiles are independent and their extra work is bounded where S k is small next to
// the tile (64 x 64: 4096 / (56 x 58) = 1.26x the updates at order 1, S = 3). A square tile wastes
// less than a 128 x 32 one (4096 / (120 x 26) = 1.31x), and its 56-column steps cover 512 columns in
// 10 blocks (560), where 120-column steps took 5 (600).
//
// History (bench/results/2026-11-29-h200-stencil3d-temporal.md): a first kernel with one cell a
// thread on 32 x 32 tiles cut DRAM bytes per step as 1/S but issued 1.8-3x the instructions per step
// of fast (queue shifts, a barrier and shared loads per cell) and ran at best 0.85x fast's steps/s;
// this one owns 8 cells a thread (bench/results/2026-11-29-h200-stencil3d-temporal-2.md).
//
// What fits on chip bounds S: the x halo (one float4) must cover S k cells, and each thread's queues,
// S (2k+1) registers per cell it owns, must fit its registers (kTemporalQueueRegisters), so one launch
// fuses at most 4, 2 and 1 steps at orders 1, 2 and 3 (temporal_max_fused); past that a run of K
// steps is ceil(K / max) fused launches of about equal depth (temporal_passes, temporal_pass_steps).
inline constexpr int kTemporalLanes = 16;                             // float4s across a tile row: half a warp
inline constexpr int kTemporalVec = 4;                                // cells each thread owns along x (a float4)
inline constexpr int kTemporalTileX = kTemporalLanes * kTemporalVec;  // 64 input-tile columns
inline constexpr int kTemporalRows = 64;                              // input-tile rows (y)
inline constexpr int kTemporalRowsPerThread = 2;
inline constexpr int kTemporalTile = kTemporalRows;  // the tile's y extent (its x extent: kTemporalTileX)
inline constexpr int kTemporalThreads = kTemporalLanes * kTemporalRows / kTemporalRowsPerThread;  // 512
// Input planes in flight ahead of the one the block uses (cp.async, each thread its own float4s).
inline constexpr int kTemporalLookahead = 3;
// Register queue values a thread keeps, S (2k+1) per cell it owns: 96 of a 512-thread block's 128
// registers a thread.
inline constexpr int kTemporalQueueRegisters = 96;
TS_HD constexpr int temporal_max_fused(int k) {
  const int by_halo = k < 1 ? 1 : kTemporalVec / k;
  const int by_registers = k < 1 ? 1 : kTemporalQueueRegisters / ((2 * k + 1) * kTemporalVec * kTemporalRowsPerThread);
  const int m = by_halo < by_registers ? by_halo : by_registers;
  return m < 1 ? 1 : m < kMaxStencil3dSteps ? m : kMaxStencil3dSteps;
}
TS_HD constexpr int temporal_passes(int steps, int k) {
  return steps < 1 ? 1 : (steps + temporal_max_fused(k) - 1) / temporal_max_fused(k);
}
// Steps fused in pass j (0-based) of a run of `steps`: as equal as can be, the longer ones first.
TS_HD constexpr int temporal_pass_steps(int steps, int k, int j) {
  return steps / temporal_passes(steps, k) + (j < steps % temporal_passes(steps, k) ? 1 : 0);
}
// Shared planes a block holds: the ring of input planes (the lookahead, the plane in use and the k
// behind it that stage 1 reads its y neighbours from), and one plane per later stage, double-buffered
// (one barrier a plane). Each plane is the tile's rows and k rows of padding above and below (the
// first and last threads' y neighbours outside the tile: ghosts, never used by a valid cell).
TS_HD constexpr int temporal_ring_planes(int k) { return kTemporalLookahead + k + 1; }
TS_HD constexpr int temporal_shared_planes(int k, int fused) { return temporal_ring_planes(k) + 2 * (fused - 1); }
TS_HD constexpr int temporal_plane_cells(int k) { return (kTemporalRows + 2 * k) * kTemporalTileX; }
TS_HD constexpr long long temporal_shared_bytes(int k, int fused) {
  return 4LL * temporal_shared_planes(k, fused) * temporal_plane_cells(k);
}

// A box of cells [x0, x1) x [y0, y1) x [z0, z1) in grid coordinates.
struct StencilBox {
  int x0, x1, y0, y1, z0, z1;
  TS_HD bool contains(int x, int y, int z) const { return x >= x0 && x < x1 && y >= y0 && y < y1 && z >= z0 && z < z1; }
  TS_HD long long cells() const {
    return x1 <= x0 || y1 <= y0 || z1 <= z0 ? 0 : 1LL * (x1 - x0) * (y1 - y0) * (z1 - z0);
  }
  TS_HD StencilBox clipped(int width, int height, int depth) const {
    return {std::max(x0, 0),      std::min(x1, width), std::max(y0, 0),
            std::min(y1, height), std::max(z0, 0),     std::min(z1, depth)};
  }
};

// One temporal launch: S = `fused` steps, z chunks of `chunk` output planes. Along every axis the
// block's tile is a StencilAxisTiling: x 64 columns, a halo of one float4 (thread = lane, 4 cells);
// y 64 rows, a halo of S k (thread = kTemporalRowsPerThread rows); z the chunk and its S k halos.
struct TemporalTiling {
  int k, fused, chunk;
  TS_HD int halo() const { return fused * k; }
  TS_HD StencilAxisTiling axis(int a) const {
    if (a == 0) return {true, kTemporalVec, kTemporalTileX, kTemporalVec};
    if (a == 1) return {true, halo(), kTemporalRows, kTemporalRowsPerThread};
    return {true, halo(), chunk + 2 * halo()};
  }
  // Step s's valid region of block (bx, by, bz) (s = 0: its input tile), unclipped: cells at least
  // s k inside the input tile along each axis. Step s reads step s-1 at k cells around each cell,
  // which is why each region is k narrower per side than the one before.
  TS_HD StencilBox valid_box(int bx, int by, int bz, int s) const {
    const StencilAxisTiling ax = axis(0), ay = axis(1), az = axis(2);
    const int in = s * k;
    return {ax.in_origin(bx) + in,           ax.in_origin(bx) + ax.tile - in, ay.in_origin(by) + in,
            ay.in_origin(by) + ay.tile - in, az.in_origin(bz) + in,           az.in_origin(bz) + az.tile - in};
  }
  // The output tile: each axis's (inside valid_box(fused); along x narrower where S k < 4).
  TS_HD StencilBox out_box(int bx, int by, int bz) const {
    const StencilAxisTiling ax = axis(0), ay = axis(1), az = axis(2);
    return {ax.out_origin(bx), ax.out_origin(bx) + ax.out_tile_dim(),
            ay.out_origin(by), ay.out_origin(by) + ay.out_tile_dim(),
            az.out_origin(bz), az.out_origin(bz) + az.out_tile_dim()};
  }
  // A cell of step s (1..fused) that block (bx, by, bz) computes and a neighbouring block computes
  // too: inside its step-s region, outside its output tile.
  TS_HD bool redundant(int bx, int by, int bz, int s, int x, int y, int z) const {
    return s >= 1 && s <= fused && valid_box(bx, by, bz, s).contains(x, y, z) && !out_box(bx, by, bz).contains(x, y, z);
  }
  TS_HD int grid_dim(int a, int n) const { return axis(a).grid_dim(n); }
};

// The z chunk (--tile) temporal marches where none is given: output planes per block. A launch of
// this tiling's blocks runs in waves of `slots` resident blocks (one block an SM: its registers); a
// chunk adds 2 S k planes of warm-up, so the chunk is the one with the fewest planes marched per slot
// (waves x (Z + 2 S k)), over splits of the depth into 1..64 chunks; sm_count 0 (not known): the
// whole depth in one chunk.
inline int temporal_chunk_for(int k, int steps, int width, int height, int depth, int sm_count) {
  if (k < 1 || k > kMaxStencil3dRadius || width < 1 || height < 1 || depth < 1) return 64;
  const int fused = temporal_pass_steps(std::max(steps, 1), k, 0);
  const TemporalTiling one{k, fused, depth};
  const long long plane_blocks = 1LL * one.grid_dim(0, width) * one.grid_dim(1, height);
  if (sm_count <= 0) return depth;
  int best = depth;
  long long best_planes = -1;
  for (int c = 1; c <= 64 && c <= depth; ++c) {
    const int z = (depth + c - 1) / c;
    const long long blocks = plane_blocks * ((depth + z - 1) / z);
    const long long planes = (blocks + sm_count - 1) / sm_count * (z + 2LL * one.halo());
    if (best_planes < 0 || planes < best_planes) best = z, best_planes = planes;
  }
  return best;
}

// The CPU engine fuses K steps the same way, with blocks of whole rows: each worker takes an output
// block of kTemporalCpuRows rows by kTemporalCpuPlanes planes, copies its input block (a halo of
// K k rows and planes around it, clipped to the grid) into a buffer that stays in its core's caches,
// and advances it K steps there, step s on the rows and planes s k inside the input block (the same
// nested regions as the GPU's tiles, TemporalTiling::valid_box, along y and z; x is whole rows).
inline constexpr int kTemporalCpuRows = 32;
inline constexpr int kTemporalCpuPlanes = 8;
// Along y (out = kTemporalCpuRows) or z (kTemporalCpuPlanes): the block's tile with its K k halo.
TS_HD StencilAxisTiling temporal_cpu_axis(int k, int steps, int out) { return {true, steps * k, out + 2 * steps * k}; }

struct Stencil3dTiling {
  Stencil3dStrategy strategy;
  int k, tile;
  int pitch = 0;        // floats between rows of the device grid (stencil_layout)
  long long plane = 0;  // and between its planes
  bool flat = false;    // fast on a flattened plane (fast_flat)
  int fused = 1;        // temporal: the steps its launch fuses (the first pass's: temporal_pass_steps)

  // fast_flat: the blocks that cover a plane, 1024 cells each (the last one part-way).
  TS_HD int flat_blocks() const { return int((plane + kFastFlatBlockCells - 1) / kFastFlatBlockCells); }

  TS_HD bool fast() const { return strategy == Stencil3dStrategy::fast; }
  TS_HD bool temporal() const { return strategy == Stencil3dStrategy::temporal; }
  // temporal: its tile along each axis (TemporalTiling): tile = the z chunk's output planes.
  TS_HD TemporalTiling temporal_tiling() const { return {k, fused, tile}; }
  // fast: lanes per row of its blocks in column bx (fast_row_lanes).
  TS_HD int row_lanes(int bx) const { return fast_row_lanes(pitch, bx); }
  // axis: 0 x, 1 y, 2 z. Fast: x = columns of 32 float4s (a thread's lane is its float4 in the
  // column's row; a narrow grid's one column: as many as its rows' lanes), y = the rows of the
  // blocks of column bx (as many whole rows as 256 threads hold), both untiled (their halo is read
  // through L1); z = a marching input tile of T planes, as PMPP 8.4/8.5. Only fast's y depends on
  // the column.
  // On a flattened plane (flat), x is the plane's cells in a row of their own, 1024 a block, 4 a
  // thread, and y that one row.
  TS_HD StencilAxisTiling axis(int a, int bx = 0) const {
    if (temporal()) return temporal_tiling().axis(a);
    if (strategy != Stencil3dStrategy::fast) return {strategy != Stencil3dStrategy::basic, k, tile};
    if (flat && a < 2)
      return a == 0 ? StencilAxisTiling{false, k, kFastFlatBlockCells, kFastVec} : StencilAxisTiling{false, k, 1};
    if (a == 0) return {false, k, row_lanes(0) * kFastVec, kFastVec};
    if (a == 1) return {false, k, kFastThreads / row_lanes(bx)};
    return {true, k, tile};
  }
  // Fast: a block of column bx past its rows (the last column's folded blocks are deeper, so fewer
  // cover the height than the grid's y dimension, column 0's) exits at once.
  TS_HD bool fast_block_idle(int bx, int by, int height) const { return by >= axis(1, bx).grid_dim(height); }
  // Fast: the blocks that do not exit at once, every column's rows times the z chunks.
  TS_HD long long fast_active_blocks(int width, int height, int depth) const {
    if (flat) return 1LL * flat_blocks() * axis(2).grid_dim(depth);
    long long rows = 0;
    for (int bx = 0; bx < axis(0).grid_dim(width); ++bx) rows += axis(1, bx).grid_dim(height);
    return rows * axis(2).grid_dim(depth);
  }
  // Coarsened, register-tiled and fast blocks are flat and loop over the z extent of the tile.
  TS_HD bool marches_z() const { return strategy != Stencil3dStrategy::basic && strategy != Stencil3dStrategy::tiled; }
  // temporal marches z as well, with a 32 x 16 block whatever its chunk (block_dim).
  TS_HD int block_dim_z() const { return marches_z() ? 1 : tile; }
  // Planes of T x T cells in shared memory: the whole cube, the 2k+1 planes a marching block
  // needs at once, or only the current plane when the z neighbours sit in registers; fast: none.
  TS_HD int shared_planes() const {
    switch (strategy) {
      case Stencil3dStrategy::tiled: return tile;
      case Stencil3dStrategy::coarsened: return 2 * k + 1;
      case Stencil3dStrategy::register_tiled: return 1;
      case Stencil3dStrategy::temporal: return temporal_shared_planes(k, fused);
      default: return 0;
    }
  }
  // Planes a marching block holds at once (the current output plane and k on either side, in
  // shared memory or registers); 0 for the cube strategies, whose whole tile is resident.
  TS_HD int planes_in_flight() const { return marches_z() ? 2 * k + 1 : 0; }
  // Threads per block along axis a (blockDim.x, .y, .z).
  // Fast launches every block 32 x 8 (its threads fold into the column's rows).
  TS_HD int block_dim(int a) const {
    if (fast() && a < 2) return a == 0 ? kFastWarp : kFastThreads / kFastWarp;
    if (temporal()) return a < 2 ? temporal_tiling().axis(a).threads() : 1;
    return a == 2 ? block_dim_z() : axis(a).threads();
  }
  // z neighbours each thread holds in registers (k behind, k ahead, and itself), per owned cell.
  TS_HD int register_planes() const {
    return temporal() ? fused * (2 * k + 1) : strategy == Stencil3dStrategy::register_tiled || fast() ? 2 * k + 1 : 0;
  }
};

// p's tiling; temporal: of the launch that fuses `fused` steps (0: its first pass's, temporal_pass_steps).
TS_HD Stencil3dTiling tiling_of(const Stencil3dParams& p, int fused = 0) {
  const StencilGridLayout l = stencil_layout(p.strategy, p.width, p.height, p.depth);
  const bool temporal = p.strategy == Stencil3dStrategy::temporal;
  return {p.strategy,
          p.order,
          p.tile,
          l.row,
          l.plane,
          p.strategy == Stencil3dStrategy::fast && fast_flat(p.width, p.height, p.depth),
          temporal ? (fused ? fused : temporal_pass_steps(p.steps, p.order, 0)) : 1};
}

// Where an output reads one of its neighbours from. shuffle: another lane's register (__shfl_sync).
enum class StencilTapSource : unsigned char { shared, global, registers, shuffle };

// axis: 0 x, 1 y, 2 z; offset -k..k (0 = the centre); (x, y): the output's cell (fast's x taps
// depend on which thread of its block and which vector component own it).
TS_HD StencilTapSource stencil_tap_source(const Stencil3dTiling& g, int axis, int offset, int x, int y) {
  switch (g.strategy) {
    case Stencil3dStrategy::basic: return StencilTapSource::global;
    case Stencil3dStrategy::register_tiled:
      return axis == 2 || offset == 0 ? StencilTapSource::registers : StencilTapSource::shared;
    case Stencil3dStrategy::fast: {
      if (axis == 2 || offset == 0) return StencilTapSource::registers;
      if (axis == 1) return StencilTapSource::global;
      if (g.flat) {  // the thread's own float4, a lane of its warp, or past the warp's edge: loaded
        const long long f = 1LL * y * g.pitch + x, shift = (f + offset) / kFastVec - f / kFastVec,
                        lane = f / kFastVec % kFastWarp + shift;
        if (shift == 0) return StencilTapSource::registers;
        return lane < 0 || lane >= kFastWarp ? StencilTapSource::global : StencilTapSource::shuffle;
      }
      const StencilAxisTiling a = g.axis(0);
      const int bx = a.block_of(x), lane = a.thread_of(x), d = (x - a.cell(bx, lane)) + offset;
      if (fast_lane_shift(d, kFastVec) == 0) return StencilTapSource::registers;
      const int lanes = g.row_lanes(bx), t = g.axis(1, bx).thread_of(y) * lanes + lane;
      return fast_loads_x_neighbour(t, d, kFastVec, lanes) ? StencilTapSource::global : StencilTapSource::shuffle;
    }
    case Stencil3dStrategy::temporal: {  // z: the stage's register queue; x: the thread's float4 or the lanes
      if (axis == 2 || offset == 0) return StencilTapSource::registers;  // beside; y: its rows or a shared plane
      const StencilAxisTiling a = g.axis(axis);
      const int p = axis == 0 ? x : y, own = (p - a.in_origin(a.block_of(p))) % a.vec + offset;
      return own >= 0 && own < a.vec ? StencilTapSource::registers
             : axis == 0             ? StencilTapSource::shuffle
                                     : StencilTapSource::shared;
    }
    default: return StencilTapSource::shared;
  }
}

// fast's longest chunk at order 3 where the planes fit the L2 cache, from the z layers of resident
// blocks: the GPU's resident slots (sm_count x fast_blocks_per_sm) over a plane's blocks. Where a
// plane's blocks fill only part of the slots, the blocks of several z chunks of the same columns
// march at once, and shorter chunks ran faster. On an H100, on 19 grids with both layouts (5 to 512
// wide, 18 to 256 blocks a plane): 12 planes ran fastest where 5 or more layers were resident, 14
// (or within 0.3% of it) where 2.2 to 3.2, and 18 at 1.55 (512^3); 18 took up to 15% longer than 12
// on the first kind (bench/results/2026-11-27-h100-stencil3d-flat-product.md).
TS_HD constexpr int fast_order3_chunk(double layers) { return layers >= 4 ? 12 : layers >= 2 ? 14 : 18; }

// fast's z chunk (--tile) for a grid on a device of sm_count SMs with l2_bytes of L2 (sm_count 0,
// not known: the order's chunk; l2_bytes 0, not known: as if the planes fit it). A launch runs in waves of sm_count x
// fast_blocks_per_sm resident blocks, and a wave lasts as long as a block's march (its T planes, or the grid's depth
// and its 2k ghost planes where that is shorter). So the chunk is the one with the fewest planes marched per resident
// slot, waves x planes, from kFastShortestChunk to the longest weighed; a tie goes to the longer chunk (fewer planes
// read twice). The longest weighed: the order's (fast_longest_chunk; at order 3 fast_order3_chunk)
// where its shared planes come back from the L2 cache (fast_chunk_streams), else
// kFastStreamingChunk; never past the grid's depth and its ghost planes (one chunk: a longer one marches the same). Big
// grids take the longest (the waves' count falls as the chunks lengthen); a grid that leaves slots idle takes shorter
// chunks, more blocks. Chunks whose blocks would not fit the grid's z dimension (max_grid_z) are skipped; where none
// fits, the shortest that does. A grid no strategy runs (an order past kMaxStencil3dRadius, empty, or over
// kMaxPixels cells: launch_problem says why) gets the order's chunk.
inline int fast_chunk_for(int k, int width, int height, int depth, int sm_count, long long l2_bytes,
                          int max_grid_z = 65535) {
  int longest = fast_longest_chunk(k);
  if (k < 1 || k > kMaxStencil3dRadius || width < 1 || height < 1 || depth < 1 ||
      1LL * width * height * depth > kMaxPixels)
    return longest;  // refused
  const int shortest = std::max(kFastShortestChunk, 2 * k + 1);
  const auto tiling = [&](int t) { return tiling_of({Stencil3dStrategy::fast, k, t, width, height, depth}); };
  const auto chunks = [&](int t) { return tiling(t).axis(2).grid_dim(depth); };
  if (chunks(longest) > max_grid_z) return std::min(kMaxFastChunk, 2 * k + (depth + max_grid_z - 1) / max_grid_z);
  if (sm_count <= 0) return longest;
  const long long slots = 1LL * sm_count * fast_blocks_per_sm(k);
  if (k == 3) longest = fast_order3_chunk(double(slots) / double(tiling(longest).fast_active_blocks(width, height, 1)));
  if (fast_chunk_streams(4LL * tiling(longest).plane, longest, l2_bytes)) longest = kFastStreamingChunk;
  longest = std::max(std::min(longest, depth + 2 * k), shortest);
  int best = longest;
  long long best_planes = -1;
  for (int t = longest; t >= shortest; --t) {
    if (chunks(t) > max_grid_z) break;
    const long long waves = (tiling(t).fast_active_blocks(width, height, depth) + slots - 1) / slots;
    const long long planes = waves * std::min(t, depth + 2 * k);
    if (best_planes < 0 || planes < best_planes) best = t, best_planes = planes;
  }
  return best;
}

}  // namespace tilescope
