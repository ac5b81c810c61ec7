// conv2d's exercise quantities (issue 52): each one read off the geometry (kernels/conv2d/geometry.hpp),
// the book model and exact count (model.hpp), the step-through (steps.hpp), the broken kernel's CPU
// emulation (broken.hpp) or the GPU's counters, at the parameters an exercise drew.
#include <algorithm>
#include <string>
#include <vector>

#include "app/conv2d/cli.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/steps.hpp"

namespace tilescope::cli {
namespace {

using nlohmann::json;

Conv2dStrategy strategy_named(const std::string& name) {
  const auto s = parse_strategy<Conv2dStrategy>(name);
  if (!s) throw InvalidInput("conv2d has no strategy '" + name + "'");
  return *s;
}

// strategy, radius, tile and a square image of `size` (the demo is square).
Conv2dParams params_of(const json& q) {
  Conv2dParams p;
  p.strategy = strategy_named(exercise_text(q, "strategy"));
  p.filter_radius = exercise_int(q, "radius");
  p.tile = exercise_int(q, "tile");
  p.width = p.height = q.contains("size") ? exercise_int(q, "size") : 1024;
  if (const auto why = launch_problem(p)) throw InvalidInput("conv2d cannot run these parameters: " + *why);
  return p;
}

std::string n(long long v) { return std::to_string(v); }

// Cells of [origin, origin + dim) inside [0, size).
int inside(int origin, int dim, int size) { return std::max(0, std::min(origin + dim, size) - std::max(origin, 0)); }

// The block that computes output (x, y).
struct Focus {
  Conv2dParams p;
  Conv2dTiling gx, gy;
  int bx, by;
};
Focus focus_of(const json& q) {
  Focus f{params_of(q), {}, {}, 0, 0};
  f.gx = tiling_of(f.p, 0), f.gy = tiling_of(f.p, 1);
  const int x = exercise_int(q, "x"), y = exercise_int(q, "y");
  if (x < 0 || y < 0 || x >= f.p.width || y >= f.p.height) throw InvalidInput("the pixel is outside the image");
  f.bx = f.gx.block_of(x), f.by = f.gy.block_of(y);
  return f;
}

ExerciseTruth ghost_cells(const json& q) {
  const Focus f = focus_of(q);
  const int dim = f.gx.in_tile_dim(), ox = f.gx.in_origin(f.bx), oy = f.gy.in_origin(f.by);
  const int ix = inside(ox, dim, f.p.width), iy = inside(oy, dim, f.p.height);
  ExerciseTruth t;
  t.value = 1LL * dim * dim - 1LL * ix * iy;
  t.how = "block (" + n(f.bx) + ", " + n(f.by) + ") reads the input tile x " + n(ox) + ".." + n(ox + dim - 1) + ", y " +
          n(oy) + ".." + n(oy + dim - 1) + " (" + n(dim) + " x " + n(dim) + "); " + n(ix) + " x " + n(iy) +
          " of it lie inside the " + n(f.p.width) + " x " + n(f.p.height) + " image, the rest are ghost cells";
  t.mistakes.push_back({1LL * (dim - ix) * dim + 1LL * (dim - iy) * dim,
                        "you counted the ghost columns and the ghost rows separately (the corner twice)"});
  t.mistakes.push_back({1LL * dim * dim - 1LL * f.gx.out_tile_dim() * f.gx.out_tile_dim(),
                        "you counted the whole halo, not only its cells outside the image"});
  return t;
}

ExerciseTruth halo_cells(const json& q) {
  const Conv2dParams p = params_of(q);
  const Conv2dTiling g = tiling_of(p, 0);
  const long long in = g.in_tile_dim(), out = g.out_tile_dim();
  ExerciseTruth t;
  t.value = in * in - out * out;
  t.how = "an interior block's input tile is " + n(in) + " x " + n(in) + " = " + n(in * in) +
          " cells, its output tile " + n(out) + " x " + n(out) + " = " + n(out * out) + "; the halo is the difference";
  t.mistakes.push_back({4LL * p.filter_radius * out, "you left out the four r x r corners"});
  t.mistakes.push_back({in * in, "you counted the whole input tile"});
  return t;
}

ExerciseTruth idle_threads(const json& q) {
  const Focus f = focus_of(q);
  auto working = [](const Conv2dTiling& g, int b, int size) {
    int w = 0;
    for (int t = 0; t < g.block_dim(); ++t) w += g.computes(t) && g.out_coord(b, t) < size;
    return w;
  };
  const long long threads = 1LL * f.gx.block_dim() * f.gy.block_dim();
  const long long cx = working(f.gx, f.bx, f.p.width), cy = working(f.gy, f.by, f.p.height);
  const long long ring =
      threads - 1LL * (f.gx.block_dim() - 2 * f.p.filter_radius) * (f.gy.block_dim() - 2 * f.p.filter_radius);
  ExerciseTruth t;
  t.value = threads - cx * cy;
  t.how = "block (" + n(f.bx) + ", " + n(f.by) + ") has " + n(threads) + " threads; " + n(cx) + " x " + n(cy) +
          " of them compute an output inside the image";
  if (f.p.strategy == Conv2dStrategy::tiled_in)
    t.mistakes.push_back({ring, "you counted the load-only ring but not the threads whose output lies past the image"});
  t.mistakes.push_back({0LL, "you forgot that some threads have no output to compute"});
  return t;
}

ExerciseTruth block_global_loads(const json& q) {
  const Focus f = focus_of(q);
  const TrafficCount c = block_traffic(f.p, f.bx, f.by);
  const long long dim = f.gx.in_tile_dim();
  ExerciseTruth t;
  t.value = c.global_load_bytes / 4;
  t.how = "block (" + n(f.bx) + ", " + n(f.by) + "), from its geometry: " + n(c.tile_loads) + " tile loads + " +
          n(c.taps_global) + " taps from global + " + n(c.filter_loads) +
          " filter weights (ghost cells are not loaded)";
  t.mistakes.push_back({dim * dim, "you loaded the ghost cells too: a ghost cell is a zero written without a load"});
  return t;
}

ExerciseTruth block_shared_reads(const json& q) {
  const Focus f = focus_of(q);
  if (const auto why = conv2d_steps_problem(f.p.strategy)) throw InvalidInput(*why);
  const BlockTimeline tl = conv2d_timeline(f.p, f.bx, f.by);
  const long long k = 1LL * f.p.filter_dim() * f.p.filter_dim();
  const long long out = f.gx.out_tile_dim();
  ExerciseTruth t;
  t.value = tl.steps.back().counts.shared_reads;
  t.how = "the step-through of block (" + n(f.bx) + ", " + n(f.by) +
          "): every computing thread whose output is in the "
          "image reads " +
          n(k) + " taps; those in the tile (ghost zeros included) come from shared memory";
  t.mistakes.push_back({out * out * k,
                        "you counted every thread of a full output tile (this block's outputs past "
                        "the image are not computed)"});
  return t;
}

ExerciseTruth opb_model(const json& q) {
  const BookModel m = book_model(params_of(q));
  ExerciseTruth t = book_opb_truth(m);
  if (m.opb_l2_halo)
    t.mistakes.push_back({*m.opb_l2_halo, "you let the halo reads hit L2 (the DRAM figure, opb_l2_halo)"});
  return t;
}

ExerciseTruth highest_opb(const json& q) { return highest_book_opb(q, params_of); }

ExerciseTruth output_tile_of_block(const json& q) {
  const Conv2dParams p = params_of(q);
  const Conv2dTiling gx = tiling_of(p, 0), gy = tiling_of(p, 1);
  const int bx = exercise_int(q, "bx"), by = exercise_int(q, "by");
  if (bx < 0 || by < 0 || bx >= gx.grid_dim(p.width) || by >= gy.grid_dim(p.height))
    throw InvalidInput("the block is outside the grid");
  const int ox = gx.out_origin(bx), oy = gy.out_origin(by);
  const int ex = std::min(ox + gx.out_tile_dim(), p.width), ey = std::min(oy + gy.out_tile_dim(), p.height);
  ExerciseTruth t;
  t.value = json::array({ox, oy});
  t.how = "block (" + n(bx) + ", " + n(by) + ") computes outputs x " + n(ox) + ".." + n(ex - 1) + ", y " + n(oy) +
          ".." + n(ey - 1) + ": output tiles of " + n(gx.out_tile_dim()) + " x " + n(gy.out_tile_dim()) +
          " from (0, 0)";
  t.accepts = [=](const json& place) {
    const auto c = exercise_place(place);
    return c.size() == 2 && c[0] >= ox && c[0] < ex && c[1] >= oy && c[1] < ey;
  };
  if (gx.out_tile_dim() != p.tile)
    t.mistakes.push_back(
        {json::array({bx * p.tile, by * p.tile}), "you stepped by the input tile (T), not the output tile (T - 2r)"});
  return t;
}

ExerciseTruth first_damaged_output(const json& q) {
  const Conv2dParams p = params_of(q);
  const Break bug = parse_break(exercise_text(q, "break"));
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const int x0 = exercise_int(q, "x"), y0 = exercise_int(q, "y");
  Filter2d f{p.filter_radius, positive_data(std::size_t(p.filter_dim()) * p.filter_dim(), 7)};
  const std::vector<float> in = positive_data(std::size_t(p.width) * p.height, 1);
  std::vector<float> ref(in.size()), out(in.size());
  conv2d_cpu(f, in.data(), ref.data(), p.width, p.height);
  conv2d_broken_cpu(p, bug, f, in.data(), out.data());
  const auto hit = first_damaged(out, ref, p.width, p.height, x0, y0, conv2d_tolerance(f, 1.0f));
  ExerciseTruth t;
  t.value = hit ? json::array({hit->first, hit->second}) : json::array({-1, -1});
  t.how =
      "the broken kernel emulated on the CPU (kernels/conv2d/broken_block.hpp) against the reference, scanned "
      "row by row from (" +
      n(x0) + ", " + n(y0) + "): " + std::string(break_info(bug).what);
  return t;
}

ExerciseTruth dram_read_bytes(const json& q) {
  const Conv2dParams p = params_of(q);
  const CounterReading r = Conv2dCli::measure(p);
  const TrafficCount c = exact_traffic(p);
  ExerciseTruth t;
  t.mistakes.push_back({double(c.global_load_bytes),
                        "you predicted the bytes of the loads the kernel issues (the exact "
                        "count): L1 and L2 served most of them, DRAM did not see them"});
  t.mistakes.push_back({4.0 * p.width * p.height * p.filter_dim() * p.filter_dim(),
                        "you charged every tap to DRAM, as the untiled model does"});
  if (!r.counters) {
    t.skipped = "a reconcile exercise compares with the GPU's counters: " + r.why_not;
    return t;
  }
  t.value = r.counters->dram_read_bytes;
  t.how = "measured: one launch under the GPU's counters after an L2 flush; the exact count issues " +
          n(c.global_load_bytes) + " bytes of loads, the image is " + n(4LL * p.width * p.height) + " bytes";
  return t;
}

}  // namespace

template <>
const std::vector<ExerciseQuantity>& PatternCli<Conv2dPattern>::exercise_quantities() {
  static const std::vector<ExerciseQuantity> q = {
      {"ghost_cells", "ghost cells in the input tile of the block that computes output (x, y)", ghost_cells},
      {"halo_cells", "halo cells of an interior block's input tile", halo_cells},
      {"idle_threads", "threads of the block of output (x, y) that compute no output", idle_threads},
      {"block_global_loads", "global loads the block of output (x, y) issues", block_global_loads},
      {"block_shared_reads", "shared-memory reads of the block of output (x, y)", block_shared_reads},
      {"opb_model", "the strategy's OP/B in the book's model", opb_model},
      {"highest_opb", "the option with the highest OP/B in the book's model", highest_opb},
      {"output_tile_of_block", "an output pixel that block (bx, by) computes", output_tile_of_block},
      {"first_damaged_output", "the first output, row by row from (x, y), that the break damages",
       first_damaged_output},
      {"dram_read_bytes", "bytes DRAM delivers for one launch (measured, CUDA)", dram_read_bytes},
  };
  return q;
}

}  // namespace tilescope::cli
