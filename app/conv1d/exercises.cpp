// conv1d's exercise quantities (issue 52): each one read off the geometry (kernels/conv1d/geometry.hpp),
// the book model, load reduction and exact count (model.hpp), the broken kernel's CPU emulation
// (broken.hpp) or the GPU's counters, at the parameters an exercise drew.
#include <algorithm>
#include <string>
#include <vector>

#include "app/conv1d/cli.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/geometry.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/reference.hpp"

namespace tilescope::cli {
namespace {

using nlohmann::json;

std::string n(long long v) { return std::to_string(v); }

// strategy, radius (n), tile (blockDim) and the signal's length.
Conv1dParams params_of(const json& q) {
  Conv1dParams p;
  const auto s = parse_strategy<Conv1dStrategy>(exercise_text(q, "strategy"));
  if (!s) throw InvalidInput("conv1d has no strategy '" + exercise_text(q, "strategy") + "'");
  p.strategy = *s;
  p.filter_radius = exercise_int(q, "radius");
  p.tile = exercise_int(q, "tile");
  p.length = q.contains("length") ? exercise_int(q, "length") : 1 << 20;
  if (const auto why = launch_problem(p)) throw InvalidInput("conv1d cannot run these parameters: " + *why);
  return p;
}

int element(const json& q, const Conv1dParams& p) {
  const int i = exercise_int(q, "i");
  if (i < 0 || i >= p.length) throw InvalidInput("the element is outside the signal");
  return i;
}

ExerciseTruth ghost_cells(const json& q) {
  const Conv1dParams p = params_of(q);
  const Conv1dTiling g = tiling_of(p);
  const int b = g.block_of(element(q, p)), o = g.out_origin(b) - g.reach(), dim = g.in_tile_dim();
  const int inside = std::max(0, std::min(o + dim, p.length) - std::max(o, 0));
  ExerciseTruth t;
  t.value = dim - inside;
  t.how = "block " + n(b) + "'s input tile is elements " + n(o) + ".." + n(o + dim - 1) + " (" + n(dim) + "); " +
          n(inside) + " of them are in the signal of " + n(p.length);
  t.mistakes.push_back({2LL * p.filter_radius, "you counted both halos, as if the block sat at both ends"});
  t.mistakes.push_back({0LL, "you forgot the elements past the signal's end (or before its start)"});
  return t;
}

ExerciseTruth idle_threads(const json& q) {
  const Conv1dParams p = params_of(q);
  const Conv1dTiling g = tiling_of(p);
  const int b = g.grid_dim(p.length) - 1;
  int idle = 0;
  for (int t = 0; t < g.threads(); ++t) idle += g.out_coord(b, t) >= p.length;
  ExerciseTruth t;
  t.value = idle;
  t.how = "the last block, " + n(b) + ", starts at element " + n(g.out_origin(b)) + "; " + n(g.threads()) +
          " threads, " + n(p.length - g.out_origin(b)) + " outputs left";
  t.mistakes.push_back({0LL, "you assumed the length is a multiple of the tile"});
  return t;
}

ExerciseTruth block_global_loads(const json& q) {
  const Conv1dParams p = params_of(q);
  const Conv1dTiling g = tiling_of(p);
  const int b = g.block_of(element(q, p));
  const TrafficCount c = block_traffic(p, b);
  ExerciseTruth t;
  t.value = c.global_load_bytes / 4;
  t.how = "block " + n(b) + ", from its geometry: " + n(c.tile_loads) + " tile loads + " + n(c.taps_global) +
          " taps from global + " + n(c.filter_loads) + " filter weights (ghost cells are not loaded)";
  t.mistakes.push_back({g.in_tile_dim() * 1LL, "you loaded the ghost cells too"});
  t.mistakes.push_back({1LL * p.tile, "you counted the tile's own elements only"});
  return t;
}

ExerciseTruth load_reduction_interior(const json& q) {
  const Conv1dParams p = params_of(q);
  const LoadReduction r = load_reduction(p);
  ExerciseTruth t;
  t.value = r.interior;
  t.how = "PMPP: blockDim (2n+1) / (blockDim + 2n) = " + n(p.tile) + " x " + n(p.filter_dim()) + " / " +
          n(p.tile + 2 * p.filter_radius);
  t.mistakes.push_back({r.boundary, "you took a block at the signal's end (one halo of ghosts)"});
  t.mistakes.push_back({double(p.filter_dim()), "you ignored the halo the tiled block loads (the bound 2n+1)"});
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

ExerciseTruth loader_of_slot(const json& q) {
  const Conv1dParams p = params_of(q);
  const Conv1dTiling g = tiling_of(p);
  const std::string side = exercise_text(q, "side");
  const int j = exercise_int(q, "j");
  if (j < 0 || j >= g.shared_halo() || (side != "left" && side != "right"))
    throw InvalidInput("a halo element is left or right, 0..n-1");
  const int slot = side == "left" ? j : g.shared_halo() + p.tile + j;
  ExerciseTruth t;
  t.value = json::array({g.loader_of_slot(slot)});
  t.how = std::string(g.is_halo_slot(slot) ? (slot < g.shared_halo() ? "a left-halo slot: the last n threads load "
                                                                       "the left halo"
                                                                     : "a right-halo slot: the first n threads load "
                                                                       "the right halo")
                                           : "a tile slot: thread t loads slot n + t") +
          " (n = " + n(p.filter_radius) + ", blockDim = " + n(p.tile) + ")";
  t.mistakes.push_back({json::array({j}),
                        "you numbered the loaders from the block's start: the left halo is loaded "
                        "by the last n threads"});
  t.mistakes.push_back({json::array({p.tile - 1 - j}), "you counted the loaders from the block's end"});
  return t;
}

ExerciseTruth output_tile_of_block(const json& q) {
  const Conv1dParams p = params_of(q);
  const Conv1dTiling g = tiling_of(p);
  const int b = exercise_int(q, "b");
  if (b < 0 || b >= g.grid_dim(p.length)) throw InvalidInput("the block is outside the grid");
  const int o = g.out_origin(b), e = std::min(o + p.tile, p.length);
  ExerciseTruth t;
  t.value = json::array({o});
  t.how = "block " + n(b) + " computes outputs " + n(o) + ".." + n(e - 1) +
          ": output tiles of blockDim = " + n(p.tile) + " elements (the halo is extra)";
  t.accepts = [=](const json& place) {
    const auto c = exercise_place(place);
    return c.size() == 1 && c[0] >= o && c[0] < e;
  };
  if (p.tile > 2 * p.filter_radius)
    t.mistakes.push_back({json::array({b * (p.tile - 2 * p.filter_radius)}),
                          "you stepped by blockDim - 2n: this block is its output tile (the halo is extra)"});
  t.from_click = [](int x, int) { return json::array({x}); };
  return t;
}

ExerciseTruth first_damaged_output(const json& q) {
  const Conv1dParams p = params_of(q);
  const Break bug = parse_break(exercise_text(q, "break"));
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const int x0 = element(q, p);
  const Filter1d f{p.filter_radius, positive_data(std::size_t(p.filter_dim()), 7)};
  const std::vector<float> in = positive_data(std::size_t(p.length), 1);
  std::vector<float> ref(in.size()), out(in.size());
  conv1d_cpu(f, in.data(), ref.data(), p.length);
  conv1d_broken_cpu(p, bug, f, in.data(), out.data());
  const auto hit = first_damaged(out, ref, p.length, 1, x0, 0, conv1d_tolerance(f, 1.0f));
  ExerciseTruth t;
  t.value = json::array({hit ? hit->first : -1});
  t.how =
      "the broken kernel emulated on the CPU (kernels/conv1d/broken_block.hpp) against the reference, from element " +
      n(x0) + ": " + std::string(break_info(bug).what);
  t.from_click = [](int x, int) { return json::array({x}); };
  return t;
}

ExerciseTruth dram_read_bytes(const json& q) {
  const Conv1dParams p = params_of(q);
  const TrafficCount c = exact_traffic(p);
  ExerciseTruth t;
  t.mistakes.push_back({double(c.global_load_bytes),
                        "you predicted the bytes of the loads the kernel issues (the exact "
                        "count): L1 and L2 served the rest"});
  const CounterReading r = Conv1dCli::measure(p);
  if (!r.counters) {
    t.skipped = "a reconcile exercise compares with the GPU's counters: " + r.why_not;
    return t;
  }
  t.value = r.counters->dram_read_bytes;
  t.how = "measured: one launch under the GPU's counters after an L2 flush; the exact count issues " +
          n(c.global_load_bytes) + " bytes of loads, the signal is " + n(4LL * p.length) + " bytes";
  return t;
}

}  // namespace

template <>
const std::vector<ExerciseQuantity>& PatternCli<Conv1dPattern>::exercise_quantities() {
  static const std::vector<ExerciseQuantity> q = {
      {"ghost_cells", "ghost cells in the input tile of the block of element i", ghost_cells},
      {"idle_threads", "threads of the last block with no output to compute", idle_threads},
      {"block_global_loads", "global loads the block of element i issues", block_global_loads},
      {"load_reduction_interior", "PMPP's load reduction of tiled over basic, interior block", load_reduction_interior},
      {"opb_model", "the strategy's OP/B in the book's model", opb_model},
      {"highest_opb", "the option with the highest OP/B in the book's model", highest_opb},
      {"loader_of_slot", "the thread of a tiled block that loads element j of its left or right halo", loader_of_slot},
      {"output_tile_of_block", "an output that block b computes", output_tile_of_block},
      {"first_damaged_output", "the first output from element i that the break damages", first_damaged_output},
      {"dram_read_bytes", "bytes DRAM delivers for one launch (measured, CUDA)", dram_read_bytes},
  };
  return q;
}

}  // namespace tilescope::cli
