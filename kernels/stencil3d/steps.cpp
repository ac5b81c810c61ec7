#include "kernels/stencil3d/steps.hpp"

#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/temporal_steps.hpp"

namespace tilescope {

BlockTimeline stencil3d_timeline(const Stencil3dParams& p, int bx, int by, int bz) {
  if (p.strategy == Stencil3dStrategy::temporal) return temporal_timeline(p, bx, by, bz);
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling a = g.axis(0);  // the book's strategies tile all three axes alike
  const int k = p.order, nx = g.block_dim(0), ny = g.block_dim(1), nz = g.block_dim(2);
  const bool coarsened = p.strategy == Stencil3dStrategy::coarsened;
  BlockTimeline tl;
  tl.threads_x = nx, tl.threads_y = ny * nz;
  auto tid = [&](int tx, int ty, int tz) { return (tz * ny + ty) * nx + tx; };
  auto interior = [&](int x, int y, int z) {
    return stencil_interior(x, p.width, k) && stencil_interior(y, p.height, k) && stencil_interior(z, p.depth, k);
  };
  // Every thread (tx, ty, tz) of the block at its cell, for a step's loop.
  auto each_thread = [&](auto f) {
    for (int tz = 0; tz < nz; ++tz)
      for (int ty = 0; ty < ny; ++ty)
        for (int tx = 0; tx < nx; ++tx) f(tx, ty, tz, a.cell(bx, tx), a.cell(by, ty), a.cell(bz, tz));
  };
  auto in_grid = [&](int x, int y, int z) {
    return in_range(x, p.width) && in_range(y, p.height) && in_range(z, p.depth);
  };
  // Compute and store the outputs of plane z (-1: each thread's own z) by the threads `computes`
  // picks: an interior cell reads its 6k+1 points (from `shared_points` of them shared memory,
  // the rest global when `global_points`), a boundary cell copies its input.
  auto compute_store = [&](int zc, auto computes, int shared_points, bool global_points, int copy_shared_reads) {
    BlockStep& c =
        tl.add(StepKind::compute, zc >= 0 ? step_text("compute plane z = %d: the %d-point star of each inner "
                                                      "thread (boundary cells copy their input)",
                                                      zc, p.points())
                                          : step_text("compute: the %d-point star of each working thread "
                                                      "(boundary cells copy their input)",
                                                      p.points()));
    c.z = zc;
    each_thread([&](int tx, int ty, int tz, int x, int y, int z) {
      if (zc >= 0) z = zc;
      if (!computes(tx, ty, tz, x, y, z)) return;
      c.active[std::size_t(tid(tx, ty, tz))] = 1;
      if (interior(x, y, z)) {
        c.counts.flops += p.ops_per_output(), c.counts.shared_reads += shared_points;
        c.counts.global_loads += global_points ? p.points() - shared_points : 0;
      } else {
        c.counts.shared_reads += copy_shared_reads, c.counts.global_loads += global_points;
      }
    });
    BlockStep& s = tl.add(StepKind::store, "store: each working thread writes its output");
    s.z = zc;
    each_thread([&](int tx, int ty, int tz, int x, int y, int z) {
      if (zc >= 0) z = zc;
      if (computes(tx, ty, tz, x, y, z)) s.active[std::size_t(tid(tx, ty, tz))] = 1, ++s.counts.stores;
    });
  };

  if (p.strategy == Stencil3dStrategy::basic) {
    compute_store(
        -1, [&](int, int, int, int x, int y, int z) { return in_grid(x, y, z); }, 0, true, 0);
    return tl;
  }
  const int T = a.tile;
  if (p.strategy == Stencil3dStrategy::tiled) {
    tl.shared_tile(T, T * T);
    tl.add(StepKind::load, step_text("load: every thread stores its cell of the %d^3 tile (cells outside the grid: "
                                     "skipped)",
                                     T));
    each_thread([&](int tx, int ty, int tz, int x, int y, int z) {
      if (in_grid(x, y, z)) tl.store(tid(tx, ty, tz), tid(tx, ty, tz), false);
    });
    tl.add(StepKind::barrier, "__syncthreads(): no thread reads the tile until every thread has stored its cell");
    auto computes = [&](int tx, int ty, int tz, int x, int y, int z) {
      return in_grid(x, y, z) && a.computes(tx) && a.computes(ty) && a.computes(tz);
    };
    compute_store(-1, computes, p.points(), false, 1);
    return tl;
  }
  // Marching: a T x T block walks the T planes of its input tile, z0 .. z0 + T - 1.
  const int planes = g.shared_planes(), ring = 2 * k + 1, z0 = a.in_origin(bz);
  tl.shared_tile(T, T * planes);
  auto column = [&](int x, int y) { return in_range(x, p.width) && in_range(y, p.height); };
  auto load_plane = [&](int t) {
    const int z = z0 + t;
    BlockStep& s =
        tl.add(StepKind::load,
               coarsened ? step_text("load plane z = %d into shared plane %d (of a ring of %d)", z, t % ring, ring)
                         : step_text("load plane z = %d into registers", z));
    s.z = z;
    each_thread([&](int tx, int ty, int, int x, int y, int) {
      if (!column(x, y) || !in_range(z, p.depth)) return;
      if (coarsened) {
        tl.store(((t % ring) * T + ty) * T + tx, tid(tx, ty, 0), false);
      } else {
        tl.steps.back().active[std::size_t(tid(tx, ty, 0))] = 1, ++tl.steps.back().counts.global_loads;
      }
    });
  };
  for (int t = 0; t < 2 * k; ++t) load_plane(t);
  for (int t = 2 * k; t < T; ++t) {
    const int zc = z0 + t - k;
    if (zc >= p.depth) break;  // the same for the whole block
    load_plane(t);
    tl.add(StepKind::barrier, coarsened ? "__syncthreads(): the plane is in shared memory before anyone reads it"
                                        : "__syncthreads(): everyone is done reading the previous plane");
    if (!coarsened) {
      BlockStep& copy = tl.add(StepKind::load, step_text("copy plane z = %d from registers to shared memory", zc));
      copy.z = zc;
      each_thread(
          [&](int tx, int ty, int, int x, int y, int) { tl.store(ty * T + tx, tid(tx, ty, 0), !column(x, y), false); });
      tl.add(StepKind::barrier, "__syncthreads(): the plane is in shared memory before anyone reads it");
    }
    auto computes = [&](int tx, int ty, int, int x, int y, int) {
      return column(x, y) && a.computes(tx) && a.computes(ty);
    };
    // coarsened: the whole star from the ring; register_tiled: the 4k x and y neighbours.
    compute_store(zc, computes, coarsened ? p.points() : 4 * k, false, coarsened ? 1 : 0);
    if (coarsened) tl.add(StepKind::barrier, "__syncthreads(): the next step overwrites the oldest plane");
  }
  return tl;
}

LaunchSteps launch_steps(const Stencil3dParams& p) {
  const Stencil3dTiling g = tiling_of(p);
  const Stencil3dCount c = exact_traffic(p);
  LaunchSteps l;
  l.blocks_x = g.axis(0).grid_dim(p.width), l.blocks_y = g.axis(1).grid_dim(p.height);
  l.blocks_z = g.axis(2).grid_dim(p.depth);
  l.exact.global_loads = c.global_loads, l.exact.flops = c.flops, l.exact.stores = c.outputs;
  l.exact_has_shared_reads = false;
  return l;
}

}  // namespace tilescope
