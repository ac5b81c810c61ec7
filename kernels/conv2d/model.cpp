#include "kernels/conv2d/model.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>

#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {
namespace {

// Sum over t = 0..T-1 of min(t, r): taps lost at one edge of a tile, summed over its threads.
double sum_min(double T, double r) { return T - 1 <= r ? T * (T - 1) / 2 : r * (r + 1) / 2 + r * (T - 1 - r); }

// Everything a block does is separable in x and y: a thread (tx, ty) computes iff both axes
// say so, and a tap is in the image / in shared memory iff both coordinates are. So each count
// is a product of per-axis sums, and the whole grid's counts are products of per-axis totals.
struct AxisTally {
  std::int64_t loads = 0;              // staged cells inside the image's rows (one global load each)
  std::int64_t computing = 0;          // outputs inside the image that threads compute
  std::int64_t taps = 0;               // sum over computing threads of their taps
  std::int64_t taps_shared = 0;        // ... that fall inside the shared tile
  std::int64_t taps_image = 0;         // ... that fall inside the image
  std::int64_t taps_shared_image = 0;  // ... both

  AxisTally& operator+=(const AxisTally& o) {
    loads += o.loads, computing += o.computing, taps += o.taps, taps_shared += o.taps_shared;
    taps_image += o.taps_image, taps_shared_image += o.taps_shared_image;
    return *this;
  }
};

// Along an axis of n cells whose device rows extend to `extent` (x: the row pitch, whose padding
// the float4s load too; y: n).
AxisTally tally_axis(const Conv2dTiling& g, int n, int extent, int b) {
  AxisTally a;
  for (int s = 0; s < g.shared_dim(); ++s) a.loads += in_range(g.shared_origin(b) + s, extent);
  for (int t = 0; t < g.block_dim(); ++t)
    for (int k = 0; k < g.outputs_per_thread(); ++k) {
      const int out = g.out_coord(b, t, k);
      if (!g.computes(t) || !in_range(out, n)) continue;
      ++a.computing;
      for (int d = -g.r; d <= g.r; ++d) {
        const bool shared = g.in_shared(b, out + d), image = in_range(out + d, n);
        ++a.taps;
        a.taps_shared += shared;
        a.taps_image += image;
        a.taps_shared_image += shared && image;
      }
    }
  return a;
}

// separable's two passes, from the same per-axis tallies (every term is an x sum times a y sum):
// the row pass filters, along x, the columns of the block's outputs inside the image, on each of
// its intermediate rows (those outputs' rows plus r above and below; rows outside the image hold
// the staged zeros); the column pass filters, along y, the intermediate for every output. Every
// tap reads shared memory; those at a cell outside the image read a ghost zero.
TrafficCount combine_separable(const Conv2dParams& p, const AxisTally& x, const AxisTally& y,
                               std::int64_t intermediate_rows, std::int64_t intermediate_rows_image) {
  const std::int64_t d = p.filter_dim();
  const std::int64_t row_taps = x.computing * d * intermediate_rows, row_image = x.taps_image * intermediate_rows_image;
  const std::int64_t column_taps = x.computing * y.taps, column_image = x.computing * y.taps_image;
  TrafficCount c;
  c.outputs = x.computing * y.computing;
  c.tile_loads = x.loads * y.loads;
  c.taps_shared = row_image + column_image;
  c.taps_ghost_shared = row_taps + column_taps - c.taps_shared;
  c.flops = 2 * (row_taps + column_taps);
  c.global_load_bytes = 4 * c.tile_loads;
  return c;
}

// The intermediate rows block b's row pass computes (y axis): its output rows inside the image
// plus r above and below, and how many of those lie inside the image.
std::pair<std::int64_t, std::int64_t> intermediate_rows(const Conv2dTiling& gy, int height, int b) {
  const int first = gy.row_pass_origin(b), rows = gy.row_pass_rows(b, height);
  std::int64_t image = 0;
  for (int y = first; y < first + rows; ++y) image += in_range(y, height);
  return {rows, image};
}

TrafficCount combine(const Conv2dParams& p, const AxisTally& x, const AxisTally& y) {
  TrafficCount c;
  const std::int64_t all = x.taps * y.taps, shared = x.taps_shared * y.taps_shared, image = x.taps_image * y.taps_image,
                     both = x.taps_shared_image * y.taps_shared_image;
  c.outputs = x.computing * y.computing;
  c.tile_loads = x.loads * y.loads;
  c.taps_shared = both;
  c.taps_ghost_shared = shared - both;
  c.taps_global = image - both;
  c.taps_ghost_skipped = all - shared - image + both;
  const std::int64_t executed = c.taps_shared + c.taps_ghost_shared + c.taps_global;
  // basic reads a weight from global memory for every tap it executes (all are global taps).
  c.filter_loads = strategy_info(p.strategy).filter_in_constant_memory ? 0 : executed;
  c.flops = 2 * executed;
  c.global_load_bytes = 4 * (c.tile_loads + c.taps_global + c.filter_loads);
  return c;
}

}  // namespace

BookModel book_model(const Conv2dParams& p) {
  const double r = p.filter_radius, T = p.tile, K = double(p.filter_dim()) * p.filter_dim();
  BookModel m;
  m.opb_bound = K * 2 / 4;
  switch (p.strategy) {
    case Conv2dStrategy::tiled_in: {
      const double out = T - 2 * r;
      m.opb_model = out * out * K * 2 / (T * T * 4);
      m.formula = "OUT^2 (2r+1)^2 2 / (IN^2 4), IN = tile, OUT = IN - 2r";
      break;
    }
    case Conv2dStrategy::tiled_out: {
      const double in = T + 2 * r;
      m.opb_model = T * T * K * 2 / (in * in * 4);
      m.formula = "OUT^2 (2r+1)^2 2 / (IN^2 4), OUT = tile, IN = OUT + 2r";
      break;
    }
    case Conv2dStrategy::fast: {
      // Every staged cell is one global load; the staged tile is OUT + 2 h_x columns by OUT + 2 h_y
      // rows (fast_halo).
      const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
      const double out = gx.out_tile_dim();
      m.opb_model = out * out * K * 2 / (double(gx.shared_dim()) * gy.shared_dim() * 4);
      m.formula =
          "OUT^2 (2r+1)^2 2 / (IN_x IN_y 4), OUT = 4 tile, r <= 3: IN_x = OUT + 2 roundup8(r), IN_y = OUT + 2r; "
          "r >= 4: IN_x = IN_y = OUT + 2 roundup4(r)";
      break;
    }
    case Conv2dStrategy::sliding: {
      // A warp's tile: 128 columns x S rows; it loads 128 + 8 columns (lanes 31 and 0 add a float4
      // each) of S + 2r rows, every cell once.
      const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
      const double ox = gx.out_tile_dim(), oy = gy.out_tile_dim();
      m.opb_model = ox * oy * K * 2 / (gx.shared_dim() * double(gy.shared_dim()) * 4);
      m.formula = "128 S (2r+1)^2 2 / ((128 + 8)(S + 2r) 4), S = strip rows (2r + a multiple of 2r+1)";
      break;
    }
    case Conv2dStrategy::cached_halo: {
      // Taps inside the tile per axis: each thread keeps 2r+1 minus those past either edge.
      const double inside = T + 2 * sum_min(T, r);
      const double halo_reads = T * T * K - inside * inside;
      m.opb_model = T * T * K * 2 / ((T * T + halo_reads) * 4);
      m.opb_l2_halo = T * T * K * 2 / (T * T * 4);
      m.formula =
          "T^2 (2r+1)^2 2 / ((T^2 + halo reads) 4), halo reads = T^2 (2r+1)^2 - "
          "(taps inside the tile)";
      break;
    }
    case Conv2dStrategy::separable: {
      // An interior block: 2(2r+1) ops per intermediate cell (row pass) and per output (column
      // pass) over its staged tile; without bound, 2 x 2(2r+1) ops per input read once.
      const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
      const double ox = gx.out_tile_dim(), oy = gy.out_tile_dim(), d = p.filter_dim();
      const double flops = 2 * d * (ox * gy.row_pass_dim() + ox * oy);
      m.opb_model = flops / (double(gx.shared_dim()) * gy.shared_dim() * 4);
      m.opb_bound = 2 * 2 * d / 4;
      m.formula =
          "2 (2r+1) (OUT_x (OUT_y + 2r) + OUT_x OUT_y) / (IN_x IN_y 4), OUT_x = 4 tile, OUT_y = its thread rows "
          "x its patch rows, IN_x = OUT_x + 2 roundup8(r), IN_y = OUT_y + 2r";
      break;
    }
    case Conv2dStrategy::basic:
    case Conv2dStrategy::const_mem:
      return untiled_convolution_model(strategy_info(p.strategy).filter_in_constant_memory);
  }
  return m;
}

TrafficCount block_traffic(const Conv2dParams& p, int bx, int by) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const AxisTally x = tally_axis(gx, p.width, conv2d_row_pitch(p.strategy, p.width), bx),
                  y = tally_axis(gy, p.height, p.height, by);
  if (!gy.separable()) return combine(p, x, y);
  const auto [rows, rows_image] = intermediate_rows(gy, p.height, by);
  return combine_separable(p, x, y, rows, rows_image);
}

TrafficCount exact_traffic(const Conv2dParams& p) {
  using Key = std::tuple<int, int, int, int, int>;
  static std::mutex mutex;
  static std::map<Key, TrafficCount> cache;
  const Key key{int(p.strategy), p.filter_radius, p.tile, p.width, p.height};
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  AxisTally x, y;
  std::int64_t rows = 0, rows_image = 0;
  const int pitch = conv2d_row_pitch(p.strategy, p.width);
  for (int b = 0; b < gx.grid_dim(p.width); ++b) x += tally_axis(gx, p.width, pitch, b);
  for (int b = 0; b < gy.grid_dim(p.height); ++b) {
    y += tally_axis(gy, p.height, p.height, b);
    const auto [block_rows, block_rows_image] = intermediate_rows(gy, p.height, b);
    rows += block_rows, rows_image += block_rows_image;
  }
  const TrafficCount c = gy.separable() ? combine_separable(p, x, y, rows, rows_image) : combine(p, x, y);
  std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() > 1024) cache.clear();  // parameter sets a session visits are few
  cache.emplace(key, c);
  return c;
}

}  // namespace tilescope
