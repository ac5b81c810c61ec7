#include "kernels/conv1d/model.hpp"

#include <algorithm>

#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/strategies.hpp"

namespace tilescope {

BookModel book_model(const Conv1dParams& p) {
  const double n = p.filter_radius, T = p.tile, K = p.filter_dim();
  BookModel m;
  m.opb_bound = K * 2 / 4;
  switch (p.strategy) {
    case Conv1dStrategy::tiled:
      m.opb_model = T * K * 2 / ((T + 2 * n) * 4);
      m.formula = "blockDim (2n+1) 2 / ((blockDim + 2n) 4)";
      break;
    case Conv1dStrategy::cached_halo:
      // The n threads at each edge of the tile lose 1..n taps past it: n(n+1) halo reads.
      m.opb_model = T * K * 2 / ((T + n * (n + 1)) * 4);
      m.opb_l2_halo = T * K * 2 / (T * 4);
      m.formula = "blockDim (2n+1) 2 / ((blockDim + n(n+1)) 4), n(n+1) halo reads through L2";
      break;
    case Conv1dStrategy::fast: {
      const double h = tiling_of(p).shared_halo();
      m.opb_model = T * K * 2 / ((T + 2 * h) * 4);
      m.formula = "tile (2n+1) 2 / ((tile + 2h) 4), h = n rounded up to a whole float4";
      break;
    }
    case Conv1dStrategy::basic:
    case Conv1dStrategy::const_mem:
      return untiled_convolution_model(strategy_info(p.strategy).filter_in_constant_memory);
  }
  return m;
}

LoadReduction load_reduction(const Conv1dParams& p) {
  const double n = p.filter_radius, T = p.tile;
  LoadReduction l;
  l.interior = T * (2 * n + 1) / (T + 2 * n);
  l.boundary = (T * (2 * n + 1) - n * (n + 1) / 2) / (T + n);
  Conv1dParams basic = p, tiled = p;
  basic.strategy = Conv1dStrategy::basic;
  tiled.strategy = Conv1dStrategy::tiled;
  l.counted = double(exact_traffic(basic).taps_global) / double(exact_traffic(tiled).tile_loads);
  return l;
}

TrafficCount block_traffic(const Conv1dParams& p, int b) {
  const Conv1dTiling g = tiling_of(p);
  TrafficCount c;
  for (int s = 0; s < g.shared_dim(); ++s) c.tile_loads += in_range(g.shared_coord(b, s), p.length);
  for (int j = 0; j < g.block; ++j) {
    const int i = g.out_origin(b) + j;
    if (i >= p.length) continue;
    ++c.outputs;
    for (int d = -g.r; d <= g.r; ++d) switch (tap_source(g, p.length, b, i + d)) {
        case TapSource::shared: ++c.taps_shared; break;
        case TapSource::global: ++c.taps_global; break;
        case TapSource::ghost_shared: ++c.taps_ghost_shared; break;
        case TapSource::ghost_skipped: ++c.taps_ghost_skipped; break;
      }
  }
  // basic reads a weight from global memory for every tap it executes (all are global taps).
  c.filter_loads = strategy_info(p.strategy).filter_in_constant_memory ? 0 : c.taps_global;
  c.flops = 2 * (c.taps_shared + c.taps_ghost_shared + c.taps_global);
  c.global_load_bytes = 4 * (c.tile_loads + c.taps_global + c.filter_loads);
  return c;
}

namespace {

TrafficCount& operator+=(TrafficCount& a, const TrafficCount& b) {
  a.outputs += b.outputs, a.tile_loads += b.tile_loads, a.taps_shared += b.taps_shared;
  a.taps_global += b.taps_global, a.taps_ghost_shared += b.taps_ghost_shared;
  a.taps_ghost_skipped += b.taps_ghost_skipped, a.filter_loads += b.filter_loads, a.flops += b.flops;
  a.global_load_bytes += b.global_load_bytes;
  return a;
}

TrafficCount times(TrafficCount c, std::int64_t k) {
  c.outputs *= k, c.tile_loads *= k, c.taps_shared *= k, c.taps_global *= k, c.taps_ghost_shared *= k;
  c.taps_ghost_skipped *= k, c.filter_loads *= k, c.flops *= k, c.global_load_bytes *= k;
  return c;
}

}  // namespace

TrafficCount exact_traffic(const Conv1dParams& p) {
  const Conv1dTiling g = tiling_of(p);
  const int grid = g.grid_dim(p.length);
  // Block b is interior when its taps and shared cells, b*T - h .. (b+1)*T + h - 1 with h the
  // farther of the two reaches, lie inside the signal: first <= b <= last. Every interior block
  // counts the same.
  const int h = g.reach();
  const int first = (h + g.block - 1) / g.block;
  const int last = p.length - h >= g.block ? (p.length - h) / g.block - 1 : -1;
  TrafficCount c;
  for (int b = 0; b < grid; ++b) {
    if (b == first && last >= first) {
      c += times(block_traffic(p, b), last - first + 1);
      b = last;
      continue;
    }
    c += block_traffic(p, b);
  }
  return c;
}

}  // namespace tilescope
