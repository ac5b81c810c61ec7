// stencil3d's exercise quantities (issue 52): each one read off the geometry (kernels/stencil3d/
// geometry.hpp), the launch, book model and exact count (model.hpp), the broken kernel's CPU emulation
// (broken.hpp) or the GPU's counters, at the parameters an exercise drew.
#include <algorithm>
#include <string>
#include <vector>

#include "app/stencil3d/cli.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/reference.hpp"

namespace tilescope::cli {
namespace {

using nlohmann::json;

std::string n(long long v) { return std::to_string(v); }

// strategy, order (k), tile (T) and a cubic grid of `grid` cells a side.
Stencil3dParams params_of(const json& q) {
  Stencil3dParams p;
  const auto s = parse_strategy<Stencil3dStrategy>(exercise_text(q, "strategy"));
  if (!s) throw InvalidInput("stencil3d has no strategy '" + exercise_text(q, "strategy") + "'");
  p.strategy = *s;
  p.order = exercise_int(q, "order");
  p.tile = exercise_int(q, "tile");
  p.width = p.height = p.depth = q.contains("grid") ? exercise_int(q, "grid") : 256;
  if (const auto why = launch_problem(p)) throw InvalidInput("stencil3d cannot run these parameters: " + *why);
  return p;
}

ExerciseTruth halo_cells(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dModel m = book_model(p);
  const long long out = p.tile - 2 * p.order;
  ExerciseTruth t;
  t.value = m.in_tile_cells - m.out_tile_cells;
  t.how = "the input tile holds " + n(m.in_tile_cells) + " cells, the output tile " + n(m.out_tile_cells) +
          "; every other cell is halo (loaded, never computed)";
  t.mistakes.push_back({6LL * p.order * out * out,
                        "you counted the six faces only: the block loads the halo's edges "
                        "and corners too, though a star stencil never reads them"});
  return t;
}

ExerciseTruth halo_fraction(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dModel m = book_model(p);
  ExerciseTruth t;
  t.value = m.halo_fraction();
  t.how = "1 - output cells / input cells = 1 - " + n(m.out_tile_cells) + " / " + n(m.in_tile_cells);
  const double face = double(p.tile - 2 * p.order) / p.tile;
  t.mistakes.push_back({1.0 - face, "you took one axis (1 - (T - 2k) / T), not the cube"});
  t.mistakes.push_back({1.0 - face * face, "you took a plane, not the cube"});
  return t;
}

ExerciseTruth opb_model(const json& q) { return book_opb_truth(book_model(params_of(q))); }

ExerciseTruth highest_opb(const json& q) {
  // An option is a strategy, or strategy:T with its own tile.
  return choose_by(q, true, "OP/B in the book's model", [&](const std::string& s) {
    json one = q;
    const auto colon = s.find(':');
    one["strategy"] = s.substr(0, colon);
    if (colon != std::string::npos) one["tile"] = std::stoi(s.substr(colon + 1));
    return book_model(params_of(one)).opb_model;
  });
}

ExerciseTruth active_threads(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dLaunch l = launch_geometry(p);
  ExerciseTruth t;
  t.value = l.active_threads_per_block;
  t.how = "a block of " + n(l.threads_per_block) + " threads (" + n(l.block.x) + " x " + n(l.block.y) + " x " +
          n(l.block.z) + "); the halo shell's threads only load";
  t.mistakes.push_back({l.threads_per_block * 1LL, "you counted the halo shell's threads too: they only load"});
  return t;
}

ExerciseTruth blocks(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dLaunch l = launch_geometry(p);
  ExerciseTruth t;
  t.value = 1LL * l.grid.x * l.grid.y * l.grid.z;
  t.how = "grid = " + n(l.grid.x) + " x " + n(l.grid.y) + " x " + n(l.grid.z) + ": each block computes an output tile";
  const long long by_tile = (p.width + p.tile - 1) / p.tile;
  t.mistakes.push_back({by_tile * by_tile * by_tile, "you divided the grid by T, not by the output tile T - 2k"});
  return t;
}

ExerciseTruth shared_bytes(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dLaunch l = launch_geometry(p);
  ExerciseTruth t;
  t.value = (long long)l.shared_bytes;
  t.how = "planes of T x T floats the block keeps in shared memory: " + n((long long)l.shared_bytes) + " bytes";
  t.mistakes.push_back({4LL * p.tile * p.tile * p.tile, "you kept the whole T^3 cube, as Fig 8.8's tiled kernel does"});
  t.mistakes.push_back({4LL * p.tile * p.tile * 3, "you kept three planes whatever the order (2k+1 are needed)"});
  return t;
}

ExerciseTruth global_loads(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dCount c = exact_traffic(p);
  ExerciseTruth t;
  t.value = c.global_loads;
  t.how = "the exact count over the grid's blocks: input-tile cells inside the grid (" + n(c.ghost_loads_skipped) +
          " ghost cells are not loaded)";
  t.mistakes.push_back({c.global_loads + c.ghost_loads_skipped, "you loaded the ghost cells outside the grid too"});
  return t;
}

ExerciseTruth output_tile_of_block(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dTiling g = tiling_of(p);
  const StencilAxisTiling ax = g.axis(0), ay = g.axis(1);
  const int bx = exercise_int(q, "bx"), by = exercise_int(q, "by");
  if (bx < 0 || by < 0 || bx >= ax.grid_dim(p.width) || by >= ay.grid_dim(p.height))
    throw InvalidInput("the block is outside the grid");
  const int ox = ax.out_origin(bx), oy = ay.out_origin(by);
  const int ex = std::min(ox + ax.out_tile_dim(), p.width), ey = std::min(oy + ay.out_tile_dim(), p.height);
  ExerciseTruth t;
  t.value = json::array({ox, oy});
  t.how = "blocks (" + n(bx) + ", " + n(by) + ", *) compute x " + n(ox) + ".." + n(ex - 1) + ", y " + n(oy) + ".." +
          n(ey - 1) + ": output tiles of T - 2k = " + n(ax.out_tile_dim()) + " cells from (0, 0)";
  t.accepts = [=](const json& place) {
    const auto c = exercise_place(place);
    return c.size() == 2 && c[0] >= ox && c[0] < ex && c[1] >= oy && c[1] < ey;
  };
  if (ax.out_tile_dim() != p.tile)
    t.mistakes.push_back({json::array({bx * p.tile, by * p.tile}), "you stepped by T, not by the output tile T - 2k"});
  return t;
}

ExerciseTruth first_damaged_cell(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Break bug = parse_break(exercise_text(q, "break"));
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const int x0 = exercise_int(q, "x"), y0 = exercise_int(q, "y"), z = exercise_int(q, "z");
  if (z < 0 || z >= p.depth || x0 < 0 || x0 >= p.width || y0 < 0 || y0 >= p.height)
    throw InvalidInput("the cell is outside the grid");
  const StencilCoeffs c = make_named_stencil("random:7", p.order);
  const std::vector<float> in = positive_data(std::size_t(p.cells()), 1);
  std::vector<float> ref(in.size()), out(in.size());
  stencil3d_cpu(c, in.data(), ref.data(), p.width, p.height, p.depth);
  stencil3d_broken_cpu(p, bug, c, in.data(), out.data());
  const std::size_t plane = std::size_t(p.width) * p.height;
  const std::vector<float> out_z(out.begin() + z * plane, out.begin() + (z + 1) * plane);
  const std::vector<float> ref_z(ref.begin() + z * plane, ref.begin() + (z + 1) * plane);
  const auto hit = first_damaged(out_z, ref_z, p.width, p.height, x0, y0, stencil_tolerance(c, 1.0f));
  ExerciseTruth t;
  t.value = hit ? json::array({hit->first, hit->second}) : json::array({-1, -1});
  t.how =
      "the broken kernel emulated on the CPU (kernels/stencil3d/broken_block.hpp) against the reference in slice z = " +
      n(z) + ", row by row from (" + n(x0) + ", " + n(y0) + "): " + std::string(break_info(bug).what);
  return t;
}

ExerciseTruth dram_read_bytes(const json& q) {
  const Stencil3dParams p = params_of(q);
  const Stencil3dCount c = exact_traffic(p);
  ExerciseTruth t;
  t.mistakes.push_back({double(c.global_load_bytes()),
                        "you predicted the bytes of the loads the kernel issues (the "
                        "exact count): L1 and L2 served the rest"});
  const CounterReading r = Stencil3dCli::measure(p);
  if (!r.counters) {
    t.skipped = "a reconcile exercise compares with the GPU's counters: " + r.why_not;
    return t;
  }
  t.value = r.counters->dram_read_bytes;
  t.how = "measured: one launch under the GPU's counters after an L2 flush; the exact count issues " +
          n(c.global_load_bytes()) + " bytes of loads, the grid is " + n(4LL * p.cells()) + " bytes";
  return t;
}

}  // namespace

template <>
const std::vector<ExerciseQuantity>& PatternCli<Stencil3dPattern>::exercise_quantities() {
  static const std::vector<ExerciseQuantity> q = {
      {"halo_cells", "halo cells of an interior block's input tile", halo_cells},
      {"halo_fraction", "the share of the input tile that is halo", halo_fraction},
      {"opb_model", "the strategy's OP/B in the book's model", opb_model},
      {"highest_opb", "the option with the highest OP/B in the book's model", highest_opb},
      {"active_threads", "threads of an interior block that compute", active_threads},
      {"blocks", "blocks in the launch's grid", blocks},
      {"shared_bytes", "shared memory per block, bytes", shared_bytes},
      {"global_loads", "global loads of the whole launch (exact count)", global_loads},
      {"output_tile_of_block", "a cell of a slice that block (bx, by) computes", output_tile_of_block},
      {"first_damaged_cell", "the first cell of slice z, row by row from (x, y), that the break damages",
       first_damaged_cell},
      {"dram_read_bytes", "bytes DRAM delivers for one launch (measured, CUDA)", dram_read_bytes},
  };
  return q;
}

}  // namespace tilescope::cli
