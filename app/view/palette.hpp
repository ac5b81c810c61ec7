#pragma once
// Overlay colours (Okabe-Ito: distinguishable with the common colour-vision deficiencies and on
// a washed-out projector), with the names the legend shows. Ghost cells are also hatched, so
// they never depend on colour alone.
#include <cstdint>

#include "kernels/common/tap_source.hpp"

namespace tilescope::palette {

struct Swatch {
  std::uint32_t rgba;  // ImGui's IM_COL32 layout: 0xAABBGGRR
  const char* name;
};

constexpr std::uint32_t rgba(int r, int g, int b, int a = 255) {
  return std::uint32_t(r) | std::uint32_t(g) << 8 | std::uint32_t(b) << 16 | std::uint32_t(a) << 24;
}

inline constexpr Swatch kTileGrid{rgba(255, 255, 255, 150), "output-tile grid (one block each)"};
inline constexpr Swatch kOutputTile{rgba(0, 114, 178), "output tile of the hovered block"};
inline constexpr Swatch kHalo{rgba(230, 159, 0), "halo cells (input tile - output tile)"};
inline constexpr Swatch kGhost{rgba(204, 121, 167), "ghost cells (outside the image: zero), hatched"};
inline constexpr Swatch kLoadOnly{rgba(240, 228, 66), "threads that only load (deactivated when computing)"};
inline constexpr Swatch kTapShared{rgba(0, 158, 115), "tap read from shared memory"};
inline constexpr Swatch kTapGlobal{rgba(213, 94, 0), "tap read from global memory (L1/L2)"};
inline constexpr Swatch kTapGhostShared{rgba(204, 121, 167), "tap: ghost zero stored in shared memory"};
inline constexpr Swatch kTapGhostSkipped{rgba(140, 140, 140), "tap: ghost cell, skipped (no load, no flop)"};
inline constexpr Swatch kGhostUnloaded{rgba(204, 121, 167), "ghost cells (outside the grid: never loaded), hatched"};
inline constexpr Swatch kBoundary{rgba(160, 160, 160), "boundary cells (within k of the edge: keep their value)"};
inline constexpr Swatch kTapRegisters{rgba(86, 180, 233), "neighbour held in a register"};
inline constexpr Swatch kTapShuffle{rgba(240, 228, 66), "neighbour from another lane's register (__shfl_sync)"};
inline constexpr Swatch kHaloCached{rgba(230, 159, 0), "halo read through L1/L2 (not staged in shared memory)"};
inline constexpr Swatch kValidRegion{rgba(86, 180, 233),
                                     "step s's valid region: cells s k inside the fused block's input tile"};
inline constexpr Swatch kRedundant{rgba(213, 94, 0),
                                   "computed here and by a neighbouring block too (redundant), hatched"};
// Break it: output pixels of the broken kernel that differ from the CPU reference (not an
// Okabe-Ito hue, so it is never mistaken for a cell of the launch's geometry).
inline constexpr Swatch kDamaged{rgba(255, 0, 255), "damaged: differs from the CPU reference"};
inline constexpr Swatch kHovered{rgba(255, 255, 255), "the hovered output pixel"};
inline constexpr Swatch kThreadPatch{rgba(86, 180, 233),
                                     "outputs the hovered thread computes (a register patch), its input rows (dashed)"};
// Vermillion, not the halo's orange: the legend never shows two entries in one colour.
inline constexpr Swatch kStagedTile{rgba(213, 94, 0), "staged tile: halo rounded up to 4 cells (dashed)"};
// separable and fast at r <= 3 stage whole 32-byte sectors of each row (sector_halo_columns) and
// exactly r rows.
inline constexpr Swatch kSectorStagedTile{
    kStagedTile.rgba, "staged tile: halo columns rounded up to 8 (32-byte sectors), r rows (dashed)"};
// separable: one colour for both passes (tiled_in's load-only yellow never shows beside it).
inline constexpr Swatch kRowPass{rgba(240, 228, 66),
                                 "row pass into shared memory (dashed); the 2r+1 values the column pass sums (framed)"};
// Step-through: one step of the focused block.
inline constexpr Swatch kThreadWorking{rgba(255, 255, 255), "thread working in this step (framed)"};
inline constexpr Swatch kThreadIdle{rgba(60, 60, 60), "thread idle in this step (greyed)"};
inline constexpr Swatch kSlotFilled{rgba(0, 158, 115), "shared slot stored so far (bright: in this step)"};
// Drawn in the working threads' white: the legend shows the two as one entry.
inline constexpr Swatch kBarrierLine{rgba(255, 255, 255),
                                     "thread working in this step (framed); the line: __syncthreads(), all wait"};
inline constexpr Swatch kFilterRow{rgba(86, 180, 233), "compute: the filter row the focused thread reads now"};
// sliding: a warp tile is 128 columns of a strip; a lane owns 4 columns down the whole strip.
inline constexpr Swatch kWarpGrid{kTileGrid.rgba, "output-tile grid (one warp each: 128 columns x a strip)"};
inline constexpr Swatch kWarpTile{kOutputTile.rgba, "output tile of the hovered warp"};
inline constexpr Swatch kWarpLoads{kStagedTile.rgba,
                                   "what the warp loads: + a float4 either side, r rows above/below (dashed)"};
// Bluish green, not sky blue: the lane's own taps are sky blue (sliding has no shared memory).
inline constexpr Swatch kLaneStrip{
    rgba(0, 158, 115),
    "the hovered lane: 4 output columns down the strip, its input rows (dashed), read as the arrow goes"};
inline constexpr Swatch kTapGhostRegister{rgba(204, 121, 167), "tap: ghost zero loaded into a register"};
inline constexpr Swatch kTapOwnLane{kTapRegisters.rgba, "tap in the lane's own float4 (its registers)"};
inline constexpr Swatch kTapOtherLane{
    kTapShuffle.rgba, "tap from the next lane by __shfl_sync (warp edge: lane 31's / 0's extra float4)"};

// The colour of a tap, by where the kernel reads it.
constexpr std::uint32_t tap_colour(TapSource s) {
  switch (s) {
    case TapSource::shared: return kTapShared.rgba;
    case TapSource::global: return kTapGlobal.rgba;
    case TapSource::ghost_shared: return kTapGhostShared.rgba;
    case TapSource::ghost_skipped: return kTapGhostSkipped.rgba;
  }
  return 0;
}

// conv1d: the two waveforms.
inline constexpr Swatch kSignalIn{rgba(235, 235, 235), "input N (live: sum of sines + noise)"};
inline constexpr Swatch kSignalOut{rgba(86, 180, 233), "output P"};
inline constexpr Swatch kGhostSignal{rgba(204, 121, 167), "ghost cells (outside the signal: zero), hatched"};
inline constexpr Swatch kHoveredElement{rgba(255, 255, 255), "the hovered output element"};
inline constexpr Swatch kThreadOutputs{rgba(240, 228, 66),
                                       "fast: the hovered thread's 8 outputs and the windows it reads"};

// matmul: the block's view of M, N and P.
inline constexpr Swatch kStrip{rgba(86, 180, 233), "row strip of M / column strip of N the block reads"};
inline constexpr Swatch kMdsTile{rgba(0, 158, 115), "this phase's tile of M, staged in Mds"};
inline constexpr Swatch kNdsTile{rgba(213, 94, 0), "this phase's tile of N, staged in Nds"};
inline constexpr Swatch kThreadReads{rgba(240, 228, 66), "what the hovered thread reads from Mds / Nds"};
inline constexpr Swatch kThreadReadsGlobal{rgba(240, 228, 66),
                                           "the hovered thread's row of M and column of N (global)"};
inline constexpr Swatch kTilePadding{rgba(204, 121, 167), "tile cells past the matrix edge: zero, no load (hatched)"};
inline constexpr Swatch kThreadWarpTile{rgba(213, 94, 0), "fast: the hovered thread's warp tile (64 x 64)"};
inline constexpr Swatch kThreadOutputs16x8{rgba(240, 228, 66), "fast: its 16 x 8 outputs (4 x 4 blocks)"};
inline constexpr Swatch kThreadStrips{rgba(0, 158, 115), "fast: its 16 rows of M, 8 columns of N (via Ms, Ns)"};
inline constexpr Swatch kWrongElement{rgba(255, 255, 255), "P element that comes out wrong (crossed)"};

// The heat map of the stencil view (the same stops as heat_map in shaders/image.frag), t in [0, 1].
inline std::uint32_t heat_colour(float t) {
  const float stops[5][3] = {
      {0.0f, 0.0f, 0.02f}, {0.34f, 0.06f, 0.43f}, {0.73f, 0.21f, 0.33f}, {0.98f, 0.55f, 0.04f}, {0.99f, 1.0f, 0.64f}};
  const float u = (t < 0 ? 0 : t > 1 ? 1 : t) * 4.0f;
  const int i = u >= 3.0f ? 3 : int(u);
  const float f = u - float(i);
  auto channel = [&](int c) { return int(255.0f * (stops[i][c] + (stops[i + 1][c] - stops[i][c]) * f) + 0.5f); };
  return rgba(channel(0), channel(1), channel(2));
}

}  // namespace tilescope::palette
