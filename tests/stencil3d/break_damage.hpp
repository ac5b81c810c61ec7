#pragma once
// Break it (issue 18) for stencil3d tiled (PMPP Fig 8.8): which outputs each broken variant
// damages, from the geometry alone (StencilAxisTiling), and inputs on which every damage shows.
#include <random>
#include <vector>

#include "kernels/common/breaks.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope::test {

// Coefficients where any damage shows: every weight in [0.6, 1] (one sign, none zero), so with
// cells in [0.5, 1] an output is at least 2.1 (never its own input, which a stray store writes),
// a shifted star changes the sum and no two wrong taps cancel.
inline StencilCoeffs positive_coeffs(int k, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.6f, 1.0f);
  StencilCoeffs c;
  c.order = k, c.centre = u(rng);
  for (auto& axis : c.axis)
    for (int o = -k; o <= k; ++o)
      if (o != 0) axis[k + o] = u(rng);
  return c;
}

inline std::vector<float> positive_grid(int w, int h, int d, unsigned seed) {
  std::vector<float> g(std::size_t(w) * h * d);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.5f, 1.0f);
  for (float& v : g) v = u(rng);
  return g;
}

// The outputs `bug` damages, from the geometry alone. Cell (x, y, z) is computed by thread t of
// the block that owns it (t: its place in that block's input tile, per axis); only interior cells
// read neighbours, the 6k taps t + o along one axis at a time.
inline std::vector<char> predicted_damage(const Stencil3dParams& p, Break bug) {
  const StencilAxisTiling a = tiling_of(p).axis(0);
  const int k = p.order, T = a.tile, n[3] = {p.width, p.height, p.depth};
  std::vector<char> damaged(std::size_t(p.cells()));
  std::size_t i = 0;
  for (int z = 0; z < p.depth; ++z)
    for (int y = 0; y < p.height; ++y)
      for (int x = 0; x < p.width; ++x, ++i) {
        const int c[3] = {x, y, z}, t[3] = {a.thread_of(x), a.thread_of(y), a.thread_of(z)};
        bool interior = true;
        for (int ax = 0; ax < 3; ++ax) interior = interior && stencil_interior(c[ax], n[ax], k);
        const int linear = (t[2] * T + t[1]) * T + t[0], stride[3] = {1, T, T * T};
        bool d = false;
        for (int ax = 0; ax < 3; ++ax) switch (bug) {
            // Within k of its output tile's edge: a tap reads the halo shell (no_halo), and the
            // neighbouring block's shell covers the cell and stores over it (idle_threads_write).
            case Break::no_halo:
            case Break::idle_threads_write: d = d || t[ax] < 2 * k || t[ax] >= T - 2 * k; break;
            case Break::no_barrier:  // a tap that a later warp loads (only +o taps can be)
              for (int o = 1; o <= k; ++o) d = d || (linear + o * stride[ax]) / 32 > linear / 32;
              break;
            default: break;
          }
        damaged[i] = bug == Break::origin_off_by_one || (interior && d);
      }
  return damaged;
}

}  // namespace tilescope::test
