#include "kernels/conv1d/broken.hpp"

#include <vector>

#include "kernels/common/error.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

std::optional<std::string> break_problem(Conv1dStrategy strategy, Break bug) {
  const std::string s(strategy_info(strategy).name);
  if (bug == Break::idle_threads_write)
    return "idle_threads_write needs threads that only load, and no conv1d strategy has them (its block is its "
           "output tile), not " +
           s;
  if (strategy == Conv1dStrategy::tiled) return std::nullopt;
  if (strategy == Conv1dStrategy::basic || strategy == Conv1dStrategy::const_mem)
    if (bug == Break::no_halo || bug == Break::no_barrier)
      return s + " has no shared memory, so no halo to load and no barrier to leave out";
  return std::string(break_info(bug).name) + " is built for conv1d tiled (PMPP 3rd ed. 7.4) only so far, not " + s;
}

void conv1d_broken_cpu(const Conv1dParams& p, Break bug, const Filter1d& f, const float* in, float* out) {
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const BrokenLaunch1d k{tiling_of(p), p.length, bug};
  std::vector<float> N_s(std::size_t(k.g.shared_dim()));
  for (int b = 0; b < k.g.grid_dim(p.length); ++b) {
    for (int slot = 0; slot < k.g.shared_dim(); ++slot) N_s[std::size_t(slot)] = broken_load(k, in, b, slot);
    for (int t = 0; t < k.g.threads(); ++t) {
      float value = 0.0f;
      if (broken_store(k, N_s.data(), f.weights.data(), b, t, value)) out[k.g.out_coord(b, t)] = value;
    }
  }
}

}  // namespace tilescope
