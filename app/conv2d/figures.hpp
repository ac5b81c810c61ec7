#pragma once
// The numbers the conv2d overlays draw and the inspector prints, read from the geometry
// (kernels/conv2d/geometry.hpp) and nothing else. Pure and GUI-free: tests/conv2d/test_geometry
// checks them against the book's formulas for every strategy.
#include "app/view/cell_rect.hpp"
#include "kernels/conv2d/geometry.hpp"

namespace tilescope {

// Cells [begin, end) along one axis whose threads compute, when a block's threads map onto its
// input tile (tiled_in: thread t loads cell shared_origin(b) + t and only the inner ones
// compute). Empty (begin == end) when every thread computes.
struct CellSpan {
  int begin, end;
};
inline CellSpan computing_span(const Conv2dTiling& g, int b) {
  int first = -1, last = -1;
  for (int t = 0; t < g.block_dim(); ++t)
    if (g.computes(t)) last = t, first = first < 0 ? t : first;
  if (first == 0 && last == g.block_dim() - 1) return {0, 0};
  return {g.shared_origin(b) + first, g.shared_origin(b) + last + 1};
}

// The rectangles draw_block outlines for block (bx, by): its input tile, output tile (inside the
// image), what it stages when that differs from the input tile (fast's aligned halo, sliding's
// edge float4s), the inner edge of the ring of threads that only load (tiled_in), and separable's
// row pass (the intermediate cells it computes: the output columns, their rows plus r each way).
struct Conv2dBlockRects {
  CellRect in, out, staged, load_only_inner, row_pass;
  bool stages_more, has_load_only_ring, has_row_pass;
};
inline Conv2dBlockRects conv2d_block_rects(const Conv2dParams& p, int bx, int by) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  Conv2dBlockRects r{};
  r.in = {gx.in_origin(bx), gy.in_origin(by), gx.in_origin(bx) + gx.in_tile_dim(), gy.in_origin(by) + gy.in_tile_dim()};
  r.out = intersect({gx.out_origin(bx), gy.out_origin(by), gx.out_origin(bx) + gx.out_tile_dim(),
                     gy.out_origin(by) + gy.out_tile_dim()},
                    {0, 0, p.width, p.height});
  r.stages_more = gx.shared_halo() != p.filter_radius || gy.shared_halo() != p.filter_radius;
  const int ox = gx.shared_origin(bx), oy = gy.shared_origin(by);
  r.staged = {ox, oy, ox + gx.shared_dim(), oy + gy.shared_dim()};
  const CellSpan cx = computing_span(gx, bx), cy = computing_span(gy, by);
  r.has_load_only_ring = cx.begin != cx.end || cy.begin != cy.end;
  r.load_only_inner = {cx.begin, cy.begin, cx.end, cy.end};
  r.has_row_pass = gx.separable();
  if (r.has_row_pass) {
    const int rx = gx.row_pass_origin(bx), ry = gy.row_pass_origin(by);
    r.row_pass = {rx, ry, rx + gx.row_pass_dim(), ry + gy.row_pass_rows(by, p.height)};
  }
  return r;
}

// Does the block's input tile reach past the image (ghost cells)?
inline bool crosses_edge(const Conv2dParams& p, const Conv2dBlockRects& r) {
  return r.in.x0 < 0 || r.in.y0 < 0 || r.in.x1 > p.width || r.in.y1 > p.height;
}

// What the inspector says about the thread that computes output pixel (x, y).
struct Conv2dFocus {
  int tile_x, tile_y;      // the geometry's tile (sliding: a warp's strip)
  int block_x, block_y;    // blockIdx
  int thread_x, thread_y;  // threadIdx
  int warp, lane;          // of the thread within its CUDA block
  int threads_per_block;
  int warp_in_block;         // sliding: which of the block's warp tiles
  int tile_lane;             // the thread's index within its tile along x (sliding: its lane)
  CellRect patch;            // the outputs the thread computes (not clipped to the image)
  int output_x, output_y;    // which of them (x, y) is
  int window_w, window_h;    // the patch's input window: its size
  CellRect window;           // and its cells
  int strip_y0, strip_rows;  // the tile's output rows
  bool marches_up;           // sliding: the strip is walked upwards
  int march_row;             // sliding: (x, y)'s row in the order the strip is walked
  long long fmas;            // the thread's multiply-adds: outputs x taps (separable: both passes)
  int row_pass_units;        // separable: the units of 4 intermediate cells (one float4) it filters
};
inline Conv2dFocus conv2d_focus(const Conv2dParams& p, int x, int y) {
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  Conv2dFocus f{};
  f.tile_x = gx.block_of(x), f.tile_y = gy.block_of(y);
  const int tx = gx.thread_of(x), ty = gy.thread_of(y);
  f.block_x = gx.cuda_block(f.tile_x), f.block_y = gy.cuda_block(f.tile_y);
  f.thread_x = gx.cuda_thread(f.tile_x, tx), f.thread_y = gy.cuda_thread(f.tile_y, ty);
  f.threads_per_block = gx.cuda_block_dim() * gy.cuda_block_dim();
  const int linear = f.thread_y * gx.cuda_block_dim() + f.thread_x;
  f.warp = linear / 32, f.lane = linear % 32;
  f.warp_in_block = gx.tile_in_block(f.tile_x), f.tile_lane = tx;
  const int x0 = gx.out_coord(f.tile_x, tx), y0 = gy.out_coord(f.tile_y, ty);
  f.patch = {x0, y0, x0 + gx.outputs_per_thread(), y0 + gy.outputs_per_thread()};
  f.output_x = gx.output_of(x), f.output_y = gy.output_of(y);
  f.window_w = gx.thread_window_dim(), f.window_h = gy.thread_window_dim();
  f.window = {x0 - p.filter_radius, y0 - p.filter_radius, x0 - p.filter_radius + f.window_w,
              y0 - p.filter_radius + f.window_h};
  f.strip_y0 = gy.out_origin(f.tile_y), f.strip_rows = gy.out_tile_dim();
  f.marches_up = gy.marches_up(f.tile_y);
  f.march_row = f.marches_up ? f.strip_y0 + f.strip_rows - 1 - y : y - f.strip_y0;
  const long long outputs = static_cast<long long>(gx.outputs_per_thread()) * gy.outputs_per_thread();
  f.fmas = outputs * p.filter_dim() * p.filter_dim();
  if (gx.separable()) {
    // The row pass hands out units tid, tid + threads, ... of rows x (row_pass_dim / 4); each is 4
    // cells of 2r+1 taps. The column pass: the thread's patch of outputs, 2r+1 taps each.
    const int units = gy.row_pass_rows(f.tile_y, p.height) * (gx.row_pass_dim() / kFastCoarsening);
    const int threads = gx.block_dim() * gy.block_dim(), tid = ty * gx.block_dim() + tx;
    f.row_pass_units = tid < units ? (units - 1 - tid) / threads + 1 : 0;
    f.fmas = (outputs + static_cast<long long>(f.row_pass_units) * kFastCoarsening) * p.filter_dim();
  }
  return f;
}

}  // namespace tilescope
