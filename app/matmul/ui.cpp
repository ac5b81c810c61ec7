#include "app/matmul/ui.hpp"

#include <algorithm>

#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope {

const char* const* missing_barrier_names() {
  static const char* const names[] = {"none", "raw", "war"};  // in MissingBarrier's order
  return names;
}

void clamp(MatmulUi& m) {
  MatmulParams& p = m.params;
  // fast's tile is its block tile's width, 128 or 256; the others' TILE_WIDTH. A tile left from the
  // other kind becomes the strategy's default.
  if (p.strategy == MatmulStrategy::fast ? !matmul_fast_tile_ok(p.tile) : matmul_fast_tile_ok(p.tile))
    p.tile = default_tile(p.strategy, 0);
  if (p.strategy != MatmulStrategy::fast) p.tile = std::clamp(p.tile, kMinMatmulTile, kMaxMatmulTile);
  p.rows = std::clamp(p.rows, 1, kMaxViewSide), p.inner = std::clamp(p.inner, 1, kMaxViewSide),
  p.cols = std::clamp(p.cols, 1, kMaxViewSide);
  m.phase = std::clamp(m.phase, 0, tiling_of(p).phases(p.inner) - 1);
  m.step = std::clamp(m.step, 0, kMatmulSteps - 1);
}

const char* matmul_step_name(int step) {
  static const char* const names[kMatmulSteps] = {"load Mds, Nds", "barrier 1 (read-after-write)", "multiply the tiles",
                                                  "barrier 2 (write-after-read)"};
  return names[step];
}

bool apply_key(MatmulUi& m, unsigned int ch) {
  const int phases = tiling_of(m.params).phases(m.params.inner);
  const int at = m.phase * kMatmulSteps + m.step, last = phases * kMatmulSteps - 1;
  switch (ch) {
    case ']':
    case '[':
      if (m.params.strategy == MatmulStrategy::fast)
        m.params.tile = ch == ']' ? kMatmulFastWideTile : kMatmulFastNarrowTile;
      else
        m.params.tile += ch == ']' ? 1 : -1;
      break;
    case '1':
    case '2':
    case '3': m.params.strategy = static_cast<MatmulStrategy>(ch - '1'); break;
    case '>':
    case '<': {
      const int next = std::clamp(at + (ch == '>' ? 1 : -1), 0, last);
      m.phase = next / kMatmulSteps, m.step = next % kMatmulSteps;
      break;
    }
    case 'b':
    case 'B': m.missing = MissingBarrier((int(m.missing) + 1) % 3); break;
    default: return false;
  }
  clamp(m);
  return true;
}

}  // namespace tilescope
