#pragma once
// Break it (issue 18) for conv1d tiled: which outputs each broken variant damages, from the
// geometry alone (Conv1dTiling), and inputs on which every damage shows.
#include <random>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/geometry.hpp"

namespace tilescope::test {

// Inputs where any damage shows: elements in [0.5, 1] and weights in [0.6, 1] (one sign, none
// zero), so a clamped ghost adds at least 0.3, a shifted window changes the sum, and no two wrong
// taps cancel.
inline Filter1d positive_filter(int r, unsigned seed) {
  Filter1d f{r, std::vector<float>(std::size_t(2 * r + 1))};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.6f, 1.0f);
  for (float& w : f.weights) w = u(rng);
  return f;
}

// The thread of block b that loads input element e: its own element, or (tiled) the halo the last
// n threads fetch on the left and the first n on the right.
inline int loader_of(const Conv1dTiling& g, int b, int e) {
  const int o = g.out_origin(b);
  return e < o ? e - o + g.block : e >= o + g.block ? e - o - g.block : e - o;
}

// The outputs `bug` damages, from the geometry alone: output i of block b (its thread t) reads
// the elements i - n .. i + n.
inline std::vector<char> predicted_damage(const Conv1dParams& p, Break bug) {
  const Conv1dTiling g = tiling_of(p);
  const int n = p.filter_radius;
  std::vector<char> damaged(std::size_t(p.length));
  for (int i = 0; i < p.length; ++i) {
    const int b = g.block_of(i), t = i - g.out_origin(b);
    bool d = false;
    switch (bug) {
      case Break::no_halo: d = t < n || g.out_origin(b) + g.block - 1 - i < n; break;  // within n of a tile edge
      case Break::no_ghost_zero: d = i < n || i > p.length - 1 - n; break;             // within n of an end
      case Break::origin_off_by_one: d = true; break;
      case Break::no_barrier:  // a window element loaded by a later warp
        for (int e = i - n; e <= i + n; ++e) d = d || loader_of(g, b, e) / 32 > t / 32;
        break;
      default: break;
    }
    damaged[std::size_t(i)] = d;
  }
  return damaged;
}

}  // namespace tilescope::test
