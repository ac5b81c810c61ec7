#include "kernels/conv2d/broken.hpp"

#include <cstddef>
#include <iterator>
#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
namespace {

constexpr Conv2dBreakInfo kBreaks[] = {
    {Conv2dBreak::no_barrier, "no_barrier",
     "no barrier between load and compute (a race, emulated: each warp computes before later warps load)"},
    {Conv2dBreak::no_halo, "no_halo", "the load-only ring skips its load: its shared slots keep NaN"},
    {Conv2dBreak::no_ghost_zero, "no_ghost_zero", "ghost cells are not zeroed: they take the nearest edge pixel"},
    {Conv2dBreak::idle_threads_write, "idle_threads_write",
     "the load-only ring also stores the input value it loaded, over the neighbouring block's output"},
    {Conv2dBreak::origin_off_by_one, "origin_off_by_one",
     "the input tile is loaded from one cell right and one cell down of its origin"},
};

}  // namespace

const Conv2dBreakInfo* conv2d_breaks(int& count) {
  count = int(std::size(kBreaks));
  return kBreaks;
}

const Conv2dBreakInfo& break_info(Conv2dBreak bug) {
  for (const auto& b : kBreaks)
    if (b.bug == bug) return b;
  throw InvalidInput("no bug: the kernel is not broken");
}

const std::string& break_names() {
  static const std::string names = [] {
    std::string s;
    for (const auto& b : kBreaks) s += (s.empty() ? "" : ", ") + std::string(b.name);
    return s;
  }();
  return names;
}

Conv2dBreak parse_break(std::string_view name) {
  for (const auto& b : kBreaks)
    if (b.name == name) return b.bug;
  throw InvalidInput("unknown --break '" + std::string(name) + "': available: " + break_names());
}

std::optional<std::string> break_problem(Conv2dStrategy strategy, Conv2dBreak bug) {
  if (strategy == Conv2dStrategy::tiled_in) return std::nullopt;
  const std::string s(strategy_info(strategy).name);
  if (bug == Conv2dBreak::idle_threads_write)
    return "idle_threads_write needs threads that only load, and only tiled_in (Fig 7.12) has them, not " + s;
  if (strategy == Conv2dStrategy::basic || strategy == Conv2dStrategy::const_mem) {
    if (bug == Conv2dBreak::no_halo || bug == Conv2dBreak::no_barrier)
      return s + " has no shared memory, so no halo to load and no barrier to leave out";
  }
  return std::string(break_info(bug).name) + " is built for tiled_in (Fig 7.12) only so far, not " + s;
}

void conv2d_broken_cpu(const Conv2dParams& p, Conv2dBreak bug, const Filter2d& f, const float* in, float* out) {
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
