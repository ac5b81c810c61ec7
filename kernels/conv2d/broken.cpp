#include "kernels/conv2d/broken.hpp"

#include <cstddef>
#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
std::optional<std::string> break_problem(Conv2dStrategy strategy, Break bug) {
  if (strategy == Conv2dStrategy::tiled_in) return std::nullopt;
  const std::string s(strategy_info(strategy).name);
  if (bug == Break::idle_threads_write)
    return "idle_threads_write needs threads that only load, and only tiled_in (Fig 7.12) has them, not " + s;
  if (strategy == Conv2dStrategy::basic || strategy == Conv2dStrategy::const_mem) {
    if (bug == Break::no_halo || bug == Break::no_barrier)
      return s + " has no shared memory, so no halo to load and no barrier to leave out";
  }
  return std::string(break_info(bug).name) + " is built for tiled_in (Fig 7.12) only so far, not " + s;
}

void conv2d_broken_cpu(const Conv2dParams& p, Break bug, const Filter2d& f, const float* in, float* out) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const BrokenLaunch k{tiling_of(p, 0), tiling_of(p, 1), p.width, p.height, bug};
  const int S = k.gx.shared_dim(), T = k.gx.block_dim();
  std::vector<float> N_s(std::size_t(S) * S);
  for (int pass = 0; pass < broken_passes(bug); ++pass)
    for (int by = 0; by < k.gy.grid_dim(p.height); ++by)
      for (int bx = 0; bx < k.gx.grid_dim(p.width); ++bx) {
        for (int ty = 0; ty < T; ++ty)
          for (int tx = 0; tx < T; ++tx) N_s[std::size_t(ty) * S + tx] = broken_load(k, in, bx, by, tx, ty);
        for (int ty = 0; ty < T; ++ty)
          for (int tx = 0; tx < T; ++tx) {
            const BrokenStore s = broken_store(k, N_s.data(), f.weights.data(), pass, bx, by, tx, ty);
            if (s.stores) out[std::size_t(s.y) * p.width + s.x] = s.value;
          }
      }
}

}  // namespace tilescope
