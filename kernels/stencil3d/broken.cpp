#include "kernels/stencil3d/broken.hpp"

#include <cstddef>
#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

std::optional<std::string> break_problem(Stencil3dStrategy strategy, Break bug) {
  if (bug == Break::no_ghost_zero)
    return "stencil3d reads no ghost cell: the cells within k of the grid's edge keep their value (PMPP 8.2) and no "
           "other cell's star reaches past the edge";
  if (strategy == Stencil3dStrategy::tiled) return std::nullopt;
  const std::string s(strategy_info(strategy).name);
  if (strategy == Stencil3dStrategy::basic || strategy == Stencil3dStrategy::fast)
    return s +
           " has no shared memory and no thread that only loads, so no halo to skip, no barrier to leave out and "
           "no tile to shift";
  return std::string(break_info(bug).name) + " is built for tiled (Fig 8.8) only so far, not " + s;
}

void stencil3d_broken_cpu(const Stencil3dParams& p, Break bug, const StencilCoeffs& c, const float* in, float* out) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const BrokenLaunch3d k = broken_launch(p, bug);
  const int T = k.a.tile;
  const Int3 grid{k.a.grid_dim(p.width), k.a.grid_dim(p.height), k.a.grid_dim(p.depth)};
  std::vector<float> in_s(std::size_t(T) * T * T);
  for (int pass = 0; pass < broken_passes(bug); ++pass)
    for (int bz = 0; bz < grid.z; ++bz)
      for (int by = 0; by < grid.y; ++by)
        for (int bx = 0; bx < grid.x; ++bx) {
          const Int3 b{bx, by, bz};
          for (int tz = 0; tz < T; ++tz)
            for (int ty = 0; ty < T; ++ty)
              for (int tx = 0; tx < T; ++tx)
                in_s[std::size_t(slot_index(k.a, {tx, ty, tz}))] = broken_load(k, in, b, {tx, ty, tz});
          for (int tz = 0; tz < T; ++tz)
            for (int ty = 0; ty < T; ++ty)
              for (int tx = 0; tx < T; ++tx) {
                const BrokenStore3d s = broken_store(k, in_s.data(), c, pass, b, {tx, ty, tz});
                if (s.stores) out[s.i] = s.value;
              }
        }
}

}  // namespace tilescope
