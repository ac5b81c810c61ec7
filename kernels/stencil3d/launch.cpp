#include "kernels/stencil3d/model.hpp"

#include <algorithm>

#include "kernels/common/error.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/strategies.hpp"

namespace tilescope {

std::optional<std::string> launch_problem(const Stencil3dParams& p, const DeviceLimits& limits) {
  using std::to_string;
  const std::string strategy(strategy_info(p.strategy).name);
  const int k = p.order, t = p.tile;
  if (k < 1 || k > kMaxStencil3dRadius)
    return "stencil order " + to_string(k) + " is out of range: supported orders are 1.." +
           to_string(kMaxStencil3dRadius) + " (7, 13 and 19 points)";
  if (p.steps < 1 || p.steps > kMaxStencil3dSteps)
    return "steps " + to_string(p.steps) + " is out of range: a run advances 1.." + to_string(kMaxStencil3dSteps) +
           " time steps";
  if (t < 1) return "tile " + to_string(t) + " is too small: a block needs at least one thread per axis";
  if (p.strategy == Stencil3dStrategy::temporal) {  // tile: the z chunk of a 32 x 32 block
    if (t > kMaxFastChunk)
      return strategy + ": a z chunk of " + to_string(t) + " planes is longer than the longest it marches (" +
             to_string(kMaxFastChunk) + " planes)";
    if (kTemporalThreads > limits.max_threads_per_block)
      return strategy + ": its " + to_string(kTemporalThreads) + "-thread block exceeds the device's " +
             to_string(limits.max_threads_per_block) + " threads per block";
  }
  // The strategy's block shape only: tiling_of would pad a width not checked yet (below).
  const bool cube = !Stencil3dTiling{p.strategy, k, t}.marches_z(),
             fast = p.strategy == Stencil3dStrategy::fast || p.strategy == Stencil3dStrategy::temporal;
  // Past 1024 a tile is refused below whatever its block (and t^3 could overflow).
  const long long threads = fast ? kFastThreads : t > 1024 ? 0 : 1LL * t * t * (cube ? t : 1);
  if (fast && t > kMaxFastChunk)
    return strategy + ": a z chunk of " + to_string(t) + " planes is longer than the longest it marches (" +
           to_string(kMaxFastChunk) + " planes)";
  if (fast && threads > limits.max_threads_per_block)
    return strategy + ": its " + to_string(threads) + "-thread block exceeds the device's " +
           to_string(limits.max_threads_per_block) + " threads per block";
  if (!fast && (t > 1024 || threads > limits.max_threads_per_block)) {
    return strategy + ": tile " + to_string(t) + " needs a " + to_string(t) + "x" + to_string(t) +
           (cube ? "x" + to_string(t) : std::string()) + (threads ? " = " + to_string(threads) : std::string()) +
           "-thread block, but the device allows at most " + to_string(limits.max_threads_per_block) +
           " threads per block (" + (cube ? "T^3 <= 1024: T <= 10" : "T^2 <= 1024: T <= 32") + ")";
  }
  if (p.strategy != Stencil3dStrategy::basic && p.strategy != Stencil3dStrategy::temporal && t <= 2 * k)
    return strategy + ": the input tile (" + to_string(t) + ") must be wider than the two halos (2 x " + to_string(k) +
           " = " + to_string(2 * k) + "), or its output tile has no cells; use tile >= " + to_string(2 * k + 1) +
           " or a lower order";
  if (p.width < 1 || p.height < 1 || p.depth < 1)
    return "grid size " + to_string(p.width) + "x" + to_string(p.height) + "x" + to_string(p.depth) + " is empty";
  if (p.cells() > kMaxPixels)
    return "grid " + to_string(p.width) + "x" + to_string(p.height) + "x" + to_string(p.depth) + " has more than " +
           to_string(kMaxPixels) + " cells (1 GiB as float32)";
  if (const StencilGridLayout l = stencil_layout(p.strategy, p.width, p.height, p.depth);
      l.plane * p.depth > kMaxPixels)
    return strategy + " pads each row of " + to_string(p.width) + " cells to " + to_string(l.row) +
           " (a float4): the padded grid has more than " + to_string(kMaxPixels) +
           " cells (1 GiB as float32); use a width that is a multiple of 4 or another strategy";
  const Stencil3dLaunch l = launch_geometry(p);  // safe now: the output tile is not empty
  const std::size_t shared_limit = p.strategy == Stencil3dStrategy::temporal
                                       ? std::max(limits.max_shared_bytes_per_block, limits.max_shared_bytes_optin)
                                       : limits.max_shared_bytes_per_block;
  if (l.shared_bytes > shared_limit)
    return strategy + " with tile " + to_string(t) + " needs " + to_string(l.shared_bytes) +
           " bytes of shared memory per block, but the device allows " + to_string(shared_limit);
  if (l.grid.x > limits.max_grid_x || l.grid.y > limits.max_grid_y || l.grid.z > limits.max_grid_z)
    return "the grid of " + to_string(l.grid.x) + "x" + to_string(l.grid.y) + "x" + to_string(l.grid.z) +
           " blocks exceeds the device's limit of " + to_string(limits.max_grid_x) + "x" +
           to_string(limits.max_grid_y) + "x" + to_string(limits.max_grid_z) + "; use a larger tile";
  return std::nullopt;
}

}  // namespace tilescope
