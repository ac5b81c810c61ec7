#include "kernels/stencil3d_model.hpp"

#include <map>
#include <mutex>
#include <tuple>

#include "kernels/stencil3d_geometry.hpp"
#include "kernels/stencil_coeffs.hpp"

namespace tilescope {
namespace {

// Sum over the blocks of one axis of the input-tile cells inside the domain [0, n).
std::int64_t loaded_along(const StencilAxisTiling& a, int n) {
  std::int64_t cells = 0;
  for (int b = 0, g = a.grid_dim(n); b < g; ++b) {
    const int lo = std::max(0, a.in_origin(b)), hi = std::min(n, a.in_origin(b) + a.tile);
    cells += std::max(0, hi - lo);
  }
  return cells;
}

std::int64_t interior_along(int n, int k) { return std::max(0, n - 2 * k); }

}  // namespace

Stencil3dModel stencil3d_model(const Stencil3dParams& p) {
  const int k = p.order, t = p.tile, ops = p.ops_per_output();
  Stencil3dModel m;
  m.opb_bound = ops / 4.0;
  const std::string ops_text = std::to_string(ops);
  if (p.strategy == Stencil3dStrategy::basic) {
    m.opb_model = m.opb_bound = ops / (4.0 * p.points());
    m.formula = ops_text + " / (" + std::to_string(p.points()) + " x 4): every neighbour is a global load";
    return m;
  }
  const std::int64_t out = t - 2 * k;
  m.out_tile_cells = out * out * out;  // marching: Z = T - 2k output planes per block
  m.in_tile_cells = std::int64_t(t) * t * t;
  m.opb_model = ops * double(m.out_tile_cells) / (4.0 * double(m.in_tile_cells));
  const std::string twice_k = std::to_string(2 * k);
  m.formula = p.strategy == Stencil3dStrategy::tiled
                  ? ops_text + " (T-" + twice_k + ")^3 / (4 T^3)"
                  : ops_text + " (T-" + twice_k + ")^2 Z / (4 T^2 (Z+" + twice_k + ")), Z = T-" + twice_k;
  return m;
}

Stencil3dLaunch stencil3d_launch(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling a = g.axis();
  Stencil3dLaunch l;
  l.block = {p.tile, p.tile, g.block_dim_z()};
  l.grid = {a.grid_dim(p.width), a.grid_dim(p.height), a.grid_dim(p.depth)};
  l.threads_per_block = l.block.x * l.block.y * l.block.z;
  const int active = a.out_tile_dim();
  l.active_threads_per_block = active * active * (g.marches_z() ? 1 : active);
  l.out_planes_per_block = a.out_tile_dim();
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * l.grid.z * l.threads_per_block;
  l.shared_bytes = std::size_t(g.shared_planes()) * p.tile * p.tile * sizeof(float);
  l.constant_bytes = sizeof(StencilCoeffs);
  l.register_planes = g.register_planes();
  return l;
}

Stencil3dCount stencil3d_count(const Stencil3dParams& p) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int, int, int, int>, Stencil3dCount> cache;
  const auto key = std::make_tuple(int(p.strategy), p.order, p.tile, p.width, p.height, p.depth);
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(key); it != cache.end()) return it->second;

  const int k = p.order;
  Stencil3dCount c;
  c.outputs = p.cells();
  c.interior_outputs = interior_along(p.width, k) * interior_along(p.height, k) * interior_along(p.depth, k);
  c.flops = c.interior_outputs * p.ops_per_output();
  if (p.strategy == Stencil3dStrategy::basic) {
    // An interior output loads its 6k+1 points; a boundary cell loads itself to copy it.
    c.global_loads = c.interior_outputs * p.points() + (c.outputs - c.interior_outputs);
  } else {
    // Block behaviour is separable: a tile cell is loaded iff it is inside the domain on every axis.
    const StencilAxisTiling a = tiling_of(p).axis();
    c.global_loads = loaded_along(a, p.width) * loaded_along(a, p.height) * loaded_along(a, p.depth);
    const std::int64_t tile_cells = std::int64_t(a.grid_dim(p.width)) * a.grid_dim(p.height) * a.grid_dim(p.depth) *
                                    p.tile * p.tile * p.tile;
    c.ghost_loads_skipped = tile_cells - c.global_loads;
  }
  cache.emplace(key, c);
  return c;
}

}  // namespace tilescope
