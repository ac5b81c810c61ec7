#pragma once
// Overlay colours (Okabe-Ito: distinguishable with the common colour-vision deficiencies and on
// a washed-out projector), with the names the legend shows. Ghost cells are also hatched, so
// they never depend on colour alone.
#include <cstdint>

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
inline constexpr Swatch kHovered{rgba(255, 255, 255), "the hovered output pixel"};

}  // namespace tilescope::palette
