#include "kernels/stencil3d/model.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/geometry.hpp"

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

// Fast: the x-neighbour cells the threads of row r of column b's blocks load themselves (the lanes
// at the row's or the warp's edge: fast_loads_x_neighbour), per interior plane; width 0: every one
// (an interior block's), else those of cells inside [0, width).
std::int64_t fast_edge_loads(const Stencil3dTiling& g, int b, int r, int width) {
  const StencilAxisTiling a = g.axis(0);
  std::int64_t loads = 0;
  for (int lane = 0, lanes = g.row_lanes(b); lane < lanes; ++lane) {
    const int x0 = a.cell(b, lane), t = r * lanes + lane;
    if (width && x0 >= width) continue;
    for (int o = 1; o <= g.k; ++o) {
      loads += fast_loads_x_neighbour(t, -o, kFastVec, lanes) && (!width || x0 - o >= 0);
      loads +=
          fast_loads_x_neighbour(t, kFastVec - 1 + o, kFastVec, lanes) && (!width || x0 + kFastVec - 1 + o < width);
    }
  }
  return loads;
}

// Rows y in [lo, hi) with y % m == r.
std::int64_t rows_at(int lo, int hi, int m, int r) {
  const auto below = [&](int n) { return std::int64_t(n / m) + (n % m > r); };
  return hi > lo ? below(hi) - below(lo) : 0;
}

// Fast: the x-neighbour cells every interior row of the grid loads, per interior plane (row y is
// row y % rows of its block in each column).
std::int64_t fast_grid_edge_loads(const Stencil3dTiling& g, int width, int height) {
  std::int64_t loads = 0;
  for (int b = 0, columns = g.axis(0).grid_dim(width); b < columns; ++b)
    for (int r = 0, rows = g.axis(1, b).tile; r < rows; ++r)
      if (const std::int64_t n = rows_at(g.k, height - g.k, rows, r)) loads += n * fast_edge_loads(g, b, r, width);
  return loads;
}

// Fast on a flattened plane (fast_flat): the cells a thread with an interior cell loads, per
// interior plane, for the 2k rows below and above it: 4 where the row starts on a float4 boundary
// (o W a multiple of 4), else the 8 of the two float4s around them (load_shifted_cells).
int flat_row_loads(int k, int width) {
  int cells = 0;
  for (int o = -k; o <= k; ++o)
    if (o != 0) cells += (o * width) % kFastVec == 0 ? kFastVec : 2 * kFastVec;
  return cells;
}

// Fast on a flattened plane: the threads (float4s of a plane) that hold an interior cell, and those
// of them at lane 0 or lane 31 of their warp (which load their x neighbours).
struct FlatThreads {
  std::int64_t interior = 0, warp_edges = 0;
};
FlatThreads flat_interior_threads(int k, int width, int height) {
  FlatThreads t;
  const auto multiples = [](std::int64_t lo, std::int64_t hi, int m, int r) {  // q in [lo, hi], q % m == r
    const auto upto = [&](std::int64_t n) { return n < r ? 0 : (n - r) / m + 1; };
    return hi < lo ? 0 : upto(hi) - upto(lo - 1);
  };
  std::int64_t last = -1;  // the float4 that held the previous row's last interior cell
  for (int y = k; y < height - k && width > 2 * k; ++y) {
    const std::int64_t row = std::int64_t(y) * width;
    std::int64_t lo = (row + k) / kFastVec;
    const std::int64_t hi = (row + width - k - 1) / kFastVec;
    if (lo == last) ++lo;  // one float4 ends a row's interior and begins the next one's: counted once
    t.interior += std::max<std::int64_t>(0, hi - lo + 1);
    t.warp_edges += multiples(lo, hi, kFastWarp, 0) + multiples(lo, hi, kFastWarp, kFastWarp - 1);
    last = hi;
  }
  return t;
}

// Fast on a flattened plane, one interior block of 1024 cells: per thread the T-plane register
// queue; per output plane its 2k rows (flat_row_loads) and, at each warp's two edge lanes, k x
// neighbours.
Stencil3dModel fast_flat_model(const Stencil3dParams& p) {
  const int k = p.order, t = p.tile, z = t - 2 * k, ops = p.ops_per_output(), columns = kFastFlatBlockCells;
  const int rows = flat_row_loads(k, p.width), edge = 2 * k * (kFastThreads / kFastWarp);
  Stencil3dModel m;
  m.out_tile_cells = std::int64_t(columns) * z;
  m.in_tile_cells = std::int64_t(columns) * t + std::int64_t(z) * 2 * k * p.width;  // and the k rows either side
  const double per_column = double(rows) / kFastVec;  // loads per cell of a plane for its rows
  const double loads = double(columns) * t + double(z) * (per_column * columns + edge);
  m.opb_model = ops * double(m.out_tile_cells) / (4.0 * loads);
  m.opb_bound = ops / (4.0 * (1 + per_column + double(edge) / columns));
  m.formula = std::to_string(ops) + " Z / (4 (T + " + std::to_string(rows / kFastVec) + " Z + " + std::to_string(edge) +
              " Z/" + std::to_string(columns) + ")), Z = T-" + std::to_string(2 * k);
  return m;
}

// Fast, one interior block (column 0's: a narrow grid's folded rows): per thread column the T-plane
// register queue; per output plane the 2k rows above and below (L1) and the x neighbours of the
// lanes at a row's or a warp's edge.
Stencil3dModel fast_model(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const int k = p.order, t = p.tile, z = t - 2 * k, ops = p.ops_per_output();
  const std::int64_t ox = g.axis(0).out_tile_dim(), oy = g.axis(1, 0).out_tile_dim(), columns = ox * oy;
  std::int64_t edge = 0;  // per plane, over the block's rows
  for (int r = 0; r < oy; ++r) edge += fast_edge_loads(g, 0, r, 0);
  Stencil3dModel m;
  m.out_tile_cells = columns * z;
  m.in_tile_cells = columns * t + std::int64_t(z) * 2 * k * (ox + oy);  // distinct cells read: a star halo
  const double loads = double(columns) * t + double(z) * (2.0 * k * columns + double(edge));
  m.opb_model = ops * double(m.out_tile_cells) / (4.0 * loads);
  m.opb_bound = ops / (4.0 * (1 + 2 * k + double(edge) / double(columns)));
  const std::string twice_k = std::to_string(2 * k);
  // The edge loads per row of ox cells where every row loads as many (no row straddles two warps).
  const bool per_row = edge % oy == 0;
  m.formula = std::to_string(ops) + " Z / (4 (T + " + twice_k + " Z + " + std::to_string(per_row ? edge / oy : edge) +
              " Z/" + std::to_string(per_row ? ox : columns) + ")), Z = T-" + twice_k;
  return m;
}

// temporal, one interior block of its first launch (S fused steps, z chunk Z): it loads its input tile
// once, 64 x 64 (Z + 2 S k) cells, and writes 56 x (64 - 2 S k) Z outputs S steps on; step s is
// computed on (64 - 2 s k)(64 - 2 s k)(Z + 2 (S - s) k) cells (its step-s valid region).
Stencil3dModel temporal_model(const Stencil3dParams& p) {
  const TemporalTiling g = tiling_of(p).temporal_tiling();
  const int k = p.order, S = g.fused, z = p.tile, ops = p.ops_per_output();
  const StencilAxisTiling ax = g.axis(0), ay = g.axis(1);
  const std::int64_t tx = ax.tile, ty = ay.tile;
  Stencil3dModel m;
  m.steps = S;
  m.in_tile_cells = tx * ty * (z + 2 * S * k);
  m.out_tile_cells = std::int64_t(ax.out_tile_dim()) * ay.out_tile_dim() * z;
  for (int s = 1; s <= S; ++s) m.updates += (tx - 2 * s * k) * (ty - 2 * s * k) * (z + 2 * (S - s) * k);
  m.redundant_updates = m.updates - m.out_tile_cells * S;
  m.opb_model = ops * double(m.out_tile_cells) * S / (4.0 * double(m.in_tile_cells));
  m.opb_bound = ops * S / 4.0;  // a tile and a chunk without bound: K steps per load
  const std::string sk = std::to_string(2 * S * k);
  m.formula = std::to_string(ops) + " x " + std::to_string(S) + " x " + std::to_string(ax.out_tile_dim()) + " (" +
              std::to_string(ty) + "-" + sk + ") Z / (4 x " + std::to_string(tx) + " x " + std::to_string(ty) + " (Z+" +
              sk + ")), " + std::to_string(S) + " steps per load";
  return m;
}

// Cells b's tile along axis a holds in [lo, hi) at step s (its region s k inside the tile).
int region_along(const StencilAxisTiling& a, int b, int s, int k, int lo, int hi) {
  return std::max(0, std::min(hi, a.in_origin(b) + a.tile - s * k) - std::max(lo, a.in_origin(b) + s * k));
}

}  // namespace

Stencil3dCount temporal_block_count(const Stencil3dParams& p, int fused, int bx, int by, int bz) {
  const TemporalTiling g = tiling_of(p, fused).temporal_tiling();
  const int k = p.order, n[3] = {p.width, p.height, p.depth}, b[3] = {bx, by, bz};
  Stencil3dCount c;
  c.steps = fused;
  c.global_loads = 1;
  for (int a = 0; a < 3; ++a) c.global_loads *= region_along(g.axis(a), b[a], 0, k, 0, n[a]);
  for (int s = 1; s <= fused; ++s) {
    std::int64_t cells = 1;
    for (int a = 0; a < 3; ++a) cells *= region_along(g.axis(a), b[a], s, k, k, n[a] - k);
    c.updates += cells;
  }
  std::int64_t outputs = 1;  // the output tile's interior cells
  for (int a = 0; a < 3; ++a) {
    const StencilAxisTiling t = g.axis(a);
    const int lo = std::max(k, t.out_origin(b[a])), hi = std::min(n[a] - k, t.out_origin(b[a]) + t.out_tile_dim());
    outputs *= std::max(0, hi - lo);
  }
  c.interior_outputs = outputs;
  c.redundant_updates = c.updates - outputs * fused;
  c.flops = outputs * fused * p.ops_per_output();
  return c;
}

Stencil3dModel book_model(const Stencil3dParams& p) {
  const int k = p.order, t = p.tile, ops = p.ops_per_output();
  Stencil3dModel m;
  m.opb_bound = ops / 4.0;
  const std::string ops_text = std::to_string(ops);
  if (p.strategy == Stencil3dStrategy::basic) {
    m.opb_model = m.opb_bound = ops / (4.0 * p.points());
    m.formula = ops_text + " / (" + std::to_string(p.points()) + " x 4): every neighbour is a global load";
    return m;
  }
  if (p.strategy == Stencil3dStrategy::fast) return tiling_of(p).flat ? fast_flat_model(p) : fast_model(p);
  if (p.strategy == Stencil3dStrategy::temporal) return temporal_model(p);
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

Stencil3dLaunch launch_geometry(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling ax = g.axis(0), ay = g.axis(1), az = g.axis(2);
  Stencil3dLaunch l;
  l.block = {g.block_dim(0), g.block_dim(1), g.block_dim(2)};
  l.grid = {ax.grid_dim(p.width), ay.grid_dim(p.height), az.grid_dim(p.depth)};  // fast: column 0's rows
  if (g.flat) l.grid = {g.flat_blocks(), 1, az.grid_dim(p.depth)};
  l.threads_per_block = l.block.x * l.block.y * l.block.z;
  auto active = [](const StencilAxisTiling& a) { return a.tiled ? a.out_tile_dim() : a.threads(); };
  l.active_threads_per_block =
      g.fast() ? l.threads_per_block : active(ax) * active(ay) * (g.marches_z() ? 1 : active(az));
  l.out_planes_per_block = az.out_tile_dim();
  l.threads_launched = std::int64_t(l.grid.x) * l.grid.y * l.grid.z * l.threads_per_block;
  l.passes = p.steps;
  l.shared_bytes = g.temporal() ? std::size_t(temporal_shared_bytes(p.order, g.fused))
                                : std::size_t(g.shared_planes()) * p.tile * p.tile * sizeof(float);
  if (g.temporal()) {
    // The threads that write: the output tile's lanes, in the thread rows that hold an output row
    // (every thread computes every step).
    const int halo = ay.halo(), rows = kTemporalRowsPerThread;
    l.active_threads_per_block = ax.out_tile_dim() / ax.vec * ((ay.tile - 1 - halo) / rows - halo / rows + 1);
    l.fused_steps = g.fused;
    l.passes = temporal_passes(p.steps, p.order);
  }
  l.constant_bytes = sizeof(StencilCoeffs);
  l.register_planes = g.register_planes();
  l.flat = g.flat;
  if (g.fast() && !g.flat) {
    const int last = l.grid.x - 1;
    l.row_lanes = g.row_lanes(0), l.last_row_lanes = g.row_lanes(last);
    l.last_block_rows = g.axis(1, last).grid_dim(p.height);
  }
  l.row_pitch = g.pitch;
  return l;
}

Stencil3dCount exact_traffic(const Stencil3dParams& p) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int, int, int, int, int>, Stencil3dCount> cache;
  const auto key = std::make_tuple(int(p.strategy), p.order, p.tile, p.width, p.height, p.depth, p.steps);
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(key); it != cache.end()) return it->second;

  const int k = p.order;
  Stencil3dCount c;
  c.outputs = p.cells();
  c.interior_outputs = interior_along(p.width, k) * interior_along(p.height, k) * interior_along(p.depth, k);
  c.flops = c.interior_outputs * p.ops_per_output();
  const Stencil3dTiling g = tiling_of(p);
  if (g.temporal()) {
    // Every pass is a launch of its fused steps; each block loads its input tile's cells in the grid
    // once and computes its valid regions (temporal_block_count), separable along the axes.
    Stencil3dCount t = c;
    t.steps = p.steps, t.flops = c.flops * p.steps;
    for (int j = 0; j < temporal_passes(p.steps, k); ++j) {
      const int fused = temporal_pass_steps(p.steps, k, j);
      const TemporalTiling tg = tiling_of(p, fused).temporal_tiling();
      const int n[3] = {p.width, p.height, p.depth};
      std::int64_t loads = 1, tile_cells = 1;
      for (int a = 0; a < 3; ++a) {
        loads *= loaded_along(tg.axis(a), n[a]);
        tile_cells *= std::int64_t(tg.grid_dim(a, n[a])) * tg.axis(a).tile;
      }
      t.global_loads += loads;
      t.ghost_loads_skipped += tile_cells - loads;
      for (int s = 1; s <= fused; ++s) {
        std::int64_t cells = 1;
        for (int a = 0; a < 3; ++a) {
          std::int64_t along = 0;
          for (int b = 0; b < tg.grid_dim(a, n[a]); ++b) along += region_along(tg.axis(a), b, s, k, k, n[a] - k);
          cells *= along;
        }
        t.updates += cells;
      }
    }
    t.redundant_updates = t.updates - c.interior_outputs * p.steps;
    cache.emplace(key, t);
    return t;
  }
  if (p.strategy == Stencil3dStrategy::basic) {
    // An interior output loads its 6k+1 points; a boundary cell loads itself to copy it.
    c.global_loads = c.interior_outputs * p.points() + (c.outputs - c.interior_outputs);
  } else if (g.flat) {
    // Each thread loads its float4 of every plane of its z chunk inside the domain (the plane's
    // padding too); at each interior plane a thread with an interior cell loads its 2k rows
    // (flat_row_loads) and, at lane 0 or 31 of its warp, k x neighbours.
    const StencilAxisTiling az = g.axis(2);
    const std::int64_t queue = g.plane * loaded_along(az, p.depth);
    const FlatThreads t = flat_interior_threads(k, p.width, p.height);
    c.global_loads = queue + interior_along(p.depth, k) * (t.interior * flat_row_loads(k, p.width) + t.warp_edges * k);
    c.ghost_loads_skipped =
        std::int64_t(g.flat_blocks()) * kFastFlatBlockCells * az.grid_dim(p.depth) * az.tile - queue;
  } else if (p.strategy == Stencil3dStrategy::fast) {
    // Each column's register queue loads the z input tile's planes inside the domain; each thread
    // of an interior row, at each interior plane, loads 2k rows of 4 cells, and the lanes at a
    // row's or a warp's edge their x neighbours. The float4s that hold a row's cells are loaded whole, the
    // padding in the last one too; a 128-byte pitch's padding past them is not (fast_row_pitch).
    const StencilAxisTiling ax = g.axis(0), az = g.axis(2);
    const std::int64_t row = float4_row_pitch(p.width);
    const std::int64_t queue = row * p.height * loaded_along(az, p.depth);
    const std::int64_t planes = interior_along(p.height, k) * interior_along(p.depth, k);
    c.global_loads =
        queue + planes * 2LL * k * row + interior_along(p.depth, k) * fast_grid_edge_loads(g, p.width, p.height);
    std::int64_t blocks = 0;  // those of each column that run (fast_block_idle: the rest exit at once)
    for (int bx = 0; bx < ax.grid_dim(p.width); ++bx) blocks += g.axis(1, bx).grid_dim(p.height);
    const std::int64_t queue_cells = blocks * kFastThreads * kFastVec * az.grid_dim(p.depth) * az.tile;
    c.ghost_loads_skipped = queue_cells - queue;
  } else {
    // Block behaviour is separable: a tile cell is loaded iff it is inside the domain on every axis.
    const StencilAxisTiling a = g.axis(0);
    c.global_loads = loaded_along(a, p.width) * loaded_along(a, p.height) * loaded_along(a, p.depth);
    const std::int64_t tile_cells =
        std::int64_t(a.grid_dim(p.width)) * a.grid_dim(p.height) * a.grid_dim(p.depth) * p.tile * p.tile * p.tile;
    c.ghost_loads_skipped = tile_cells - c.global_loads;
  }
  // K sweeps: each one this launch again.
  c.steps = p.steps;
  c.flops *= p.steps, c.global_loads *= p.steps, c.ghost_loads_skipped *= p.steps;
  c.updates = c.interior_outputs * p.steps;
  cache.emplace(key, c);
  return c;
}

}  // namespace tilescope
