#pragma once
// Break it (issue 18): which outputs each broken tiled_in variant damages, from the geometry alone
// (Conv2dTiling), and an assertion that an output differs from the reference at exactly those.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "kernels/conv2d/broken_block.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "tests/common/damage.hpp"

namespace tilescope::test {

// Inputs where any damage shows: pixels in [0.5, 1] and weights in [0.6, 1] (all nonzero, one
// sign), so an output with at least 4 taps exceeds 1.2 > any pixel, a clamped ghost adds at least
// 0.3, and no two wrong taps cancel.
inline Filter2d positive_filter(int r, unsigned seed) {
  Filter2d f{r, std::vector<float>(std::size_t(2 * r + 1) * (2 * r + 1))};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.6f, 1.0f);
  for (float& w : f.weights) w = u(rng);
  return f;
}

// Along one axis, output p's thread reads the slots [t - r, t + r] of its block's input tile.
template <typename Pred>
inline bool window_has(const Conv2dTiling& g, int p, Pred pred) {
  const int t = g.thread_of(p);
  for (int s = t - g.r; s <= t + g.r; ++s)
    if (pred(g.block_of(p), s)) return true;
  return false;
}

// The window reaches a slot of the load-only ring.
inline bool reaches_ring(const Conv2dTiling& g, int p) {
  return window_has(g, p, [&](int, int s) { return !g.computes(s); });
}
// The window reaches a slot outside the image.
inline bool reaches_ghost(const Conv2dTiling& g, int p, int n) {
  return window_has(g, p, [&](int b, int s) { return !in_range(g.shared_origin(b) + s, n); });
}
// p is a slot of some block's load-only ring.
inline bool in_some_ring(const Conv2dTiling& g, int p, int n) {
  for (int b = 0; b < g.grid_dim(n); ++b) {
    const int s = p - g.shared_origin(b);
    if (in_range(s, g.block_dim()) && !g.computes(s)) return true;
  }
  return false;
}
// Without the barrier (warps in order, each computing before later warps load): the thread's
// window holds a slot whose thread is in a later warp (threads numbered row by row, 32 a warp).
inline bool reads_a_later_warp(const Conv2dTiling& gx, const Conv2dTiling& gy, int x, int y) {
  const int T = gx.block_dim(), tx = gx.thread_of(x), ty = gy.thread_of(y), own = (ty * T + tx) / 32;
  for (int sy = ty - gy.r; sy <= ty + gy.r; ++sy)
    for (int sx = tx - gx.r; sx <= tx + gx.r; ++sx)
      if ((sy * T + sx) / 32 > own) return true;
  return false;
}

// The outputs `bug` damages, from the geometry alone (row by row).
inline std::vector<char> predicted_damage(const Conv2dParams& p, Break bug) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  std::vector<char> damaged(std::size_t(p.width) * p.height);
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x) {
      bool d = false;
      switch (bug) {
        case Break::no_halo: d = reaches_ring(gx, x) || reaches_ring(gy, y); break;
        case Break::no_ghost_zero: d = reaches_ghost(gx, x, p.width) || reaches_ghost(gy, y, p.height); break;
        case Break::idle_threads_write: d = in_some_ring(gx, x, p.width) || in_some_ring(gy, y, p.height); break;
        case Break::origin_off_by_one: d = true; break;
        case Break::no_barrier: d = reads_a_later_warp(gx, gy, x, y); break;
        case Break::none: break;
      }
      damaged[std::size_t(y) * p.width + x] = d;
    }
  return damaged;
}

}  // namespace tilescope::test
