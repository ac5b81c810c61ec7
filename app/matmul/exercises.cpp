// matmul's exercise quantities (issue 52): each one read off the geometry (kernels/matmul/geometry.hpp),
// the launch, book model and exact count (model.hpp), the block's timeline (steps.hpp), the broken
// kernel's CPU emulation (broken.hpp) or the GPU's counters, at the parameters an exercise drew.
// A place in P is (x, y) = (column, row), as the view's pointer gives it.
#include <algorithm>
#include <string>
#include <vector>

#include "app/matmul/cli.hpp"
#include "kernels/matmul/broken.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/steps.hpp"

namespace tilescope::cli {
namespace {

using nlohmann::json;

std::string n(long long v) { return std::to_string(v); }

// strategy, tile (TILE_WIDTH), rows (M's), inner, cols (N's).
MatmulParams params_of(const json& q) {
  MatmulParams p;
  const auto s = parse_strategy<MatmulStrategy>(exercise_text(q, "strategy"));
  if (!s) throw InvalidInput("matmul has no strategy '" + exercise_text(q, "strategy") + "'");
  p.strategy = *s;
  p.tile = exercise_int(q, "tile");
  p.rows = exercise_int(q, "rows"), p.inner = exercise_int(q, "inner"), p.cols = exercise_int(q, "cols");
  if (const auto why = launch_problem(p)) throw InvalidInput("matmul cannot run these parameters: " + *why);
  return p;
}

// The element P[row][col] a question names.
std::pair<int, int> element(const json& q, const MatmulParams& p) {
  const int row = exercise_int(q, "row"), col = exercise_int(q, "col");
  if (row < 0 || col < 0 || row >= p.rows || col >= p.cols) throw InvalidInput("the element is outside P");
  return {row, col};
}

ExerciseTruth phases(const json& q) {
  const MatmulParams p = params_of(q);
  const MatmulTiling g = tiling_of(p);
  ExerciseTruth t;
  t.value = g.phases(p.inner);
  t.how = "ceil(K / TILE_WIDTH) = ceil(" + n(p.inner) + " / " + n(g.depth) + ")";
  t.mistakes.push_back({p.inner / g.depth, "you dropped the last, partial phase (its missing slots are zeros)"});
  return t;
}

ExerciseTruth barriers(const json& q) {
  const MatmulParams p = params_of(q);
  const BlockTimeline tl = matmul_timeline(p, 0, 0);
  long long count = 0;
  for (const BlockStep& s : tl.steps) count += s.kind == StepKind::barrier;
  ExerciseTruth t;
  t.value = count;
  t.how = "the block's timeline: every phase loads, waits (__syncthreads), multiplies and waits again: " +
          n(tiling_of(p).phases(p.inner)) + " phases";
  t.mistakes.push_back({count / 2,
                        "you counted one barrier a phase: the second keeps the next load from "
                        "overwriting a tile still being read"});
  return t;
}

ExerciseTruth block_global_loads(const json& q) {
  const MatmulParams p = params_of(q);
  const MatmulTiling g = tiling_of(p);
  const auto [row, col] = element(q, p);
  const int bx = g.block_col(col), by = g.block_row(row);
  const MatmulCount c = block_traffic(p, bx, by);
  ExerciseTruth t;
  t.value = c.m_loads + c.n_loads;
  t.how = "block (" + n(bx) + ", " + n(by) + "): " + n(c.m_loads) + " elements of M + " + n(c.n_loads) +
          " of N (slots past the matrices are zeros, not loads)";
  t.mistakes.push_back({2LL * g.phases(p.inner) * p.tile * p.tile, "you loaded the zero padding of the partial tiles"});
  return t;
}

ExerciseTruth opb_model(const json& q) {
  const MatmulParams p = params_of(q);
  const MatmulModel m = book_model(p);
  ExerciseTruth t;
  t.value = m.opb_model;
  t.how = "the book's model: " + m.formula;
  t.mistakes.push_back({0.25, "you took the naive kernel's 0.25 OP/B (no reuse from shared memory)"});
  return t;
}

ExerciseTruth opb_counted(const json& q) {
  const MatmulParams p = params_of(q);
  const MatmulCount c = exact_traffic(p);
  ExerciseTruth t;
  t.value = c.opb();
  t.how = "the exact count: 2MKN = " + n(c.flops) + " flops over 4 x " + n(c.m_loads + c.n_loads) + " loads";
  t.mistakes.push_back({book_model(p).opb_model, "you took the book's model (TILE_WIDTH / 4): it assumes full tiles"});
  return t;
}

ExerciseTruth blocks(const json& q) {
  const MatmulParams p = params_of(q);
  const LaunchGeometry l = launch_geometry(p);
  ExerciseTruth t;
  t.value = 1LL * l.grid.x * l.grid.y;
  t.how = "grid = ceil(cols / TILE_WIDTH) x ceil(rows / TILE_WIDTH) = " + n(l.grid.x) + " x " + n(l.grid.y);
  t.mistakes.push_back({1LL * (p.cols / p.tile) * (p.rows / p.tile), "you dropped the partial tiles at the edges"});
  return t;
}

ExerciseTruth idle_threads(const json& q) {
  const MatmulParams p = params_of(q);
  const LaunchGeometry l = launch_geometry(p);
  const long long threads = 1LL * l.grid.x * l.grid.y * p.tile * p.tile;
  ExerciseTruth t;
  t.value = threads - 1LL * p.rows * p.cols;
  t.how = n(l.grid.x) + " x " + n(l.grid.y) + " blocks of " + n(p.tile) + " x " + n(p.tile) +
          " threads = " + n(threads) + "; " + n(1LL * p.rows * p.cols) + " of them own an element of P";
  t.mistakes.push_back({0LL, "you forgot the threads of the partial tiles past P's edge"});
  return t;
}

ExerciseTruth fewest_idle_tile(const json& q) {
  return choose_by(q, false, "count of idle threads (past P's edge)", [&](const std::string& tile) {
    json one = q;
    one["tile"] = std::stoi(tile);
    return double(idle_threads(one).value.get<long long>());
  });
}

ExerciseTruth tile_of_block(const json& q) {
  const MatmulParams p = params_of(q);
  const MatmulTiling g = tiling_of(p);
  const int bx = exercise_int(q, "bx"), by = exercise_int(q, "by");
  if (bx < 0 || by < 0 || bx >= g.grid_cols(p.cols) || by >= g.grid_rows(p.rows))
    throw InvalidInput("the block is outside the grid");
  const int c0 = g.col_of(bx, 0), r0 = g.row_of(by, 0);
  const int c1 = std::min(c0 + g.tile_cols, p.cols), r1 = std::min(r0 + g.tile_rows, p.rows);
  ExerciseTruth t;
  t.value = json::array({c0, r0});
  t.how = "block (" + n(bx) + ", " + n(by) + ") computes P's rows " + n(r0) + ".." + n(r1 - 1) +
          " (blockIdx.y) and "
          "columns " +
          n(c0) + ".." + n(c1 - 1) + " (blockIdx.x)";
  t.accepts = [=](const json& place) {
    const auto c = exercise_place(place);
    return c.size() == 2 && c[0] >= c0 && c[0] < c1 && c[1] >= r0 && c[1] < r1;
  };
  if (bx != by)
    t.mistakes.push_back({json::array({g.col_of(by, 0), g.row_of(bx, 0)}),
                          "you swapped them: blockIdx.x follows P's columns, blockIdx.y its rows"});
  return t;
}

ExerciseTruth first_damaged_element(const json& q) {
  const MatmulParams p = params_of(q);
  const Break bug = parse_break(exercise_text(q, "break"));
  if (const auto why = break_problem(p.strategy, bug)) throw InvalidInput(*why);
  const auto [row, col] = element(q, p);
  const std::vector<float> M = positive_data(std::size_t(p.rows) * p.inner, 1);
  const std::vector<float> N = positive_data(std::size_t(p.inner) * p.cols, 2);
  std::vector<float> ref(std::size_t(p.rows) * p.cols), out(ref.size());
  matmul_cpu(M.data(), N.data(), ref.data(), p.rows, p.inner, p.cols);
  matmul_broken_cpu(p, bug, M.data(), N.data(), out.data());
  const auto hit = first_damaged(out, ref, p.cols, p.rows, col, row, matmul_tolerance(p.inner, 1.0f, 1.0f));
  ExerciseTruth t;
  t.value = hit ? json::array({hit->first, hit->second}) : json::array({-1, -1});
  t.how =
      "the broken kernel emulated on the CPU (kernels/matmul/broken_block.hpp) against the reference, row by row "
      "from P[" +
      n(row) + "][" + n(col) + "]: " + std::string(break_info(bug).what);
  return t;
}

ExerciseTruth dram_read_bytes(const json& q) {
  const MatmulParams p = params_of(q);
  const MatmulCount c = exact_traffic(p);
  ExerciseTruth t;
  t.mistakes.push_back({double(c.global_load_bytes),
                        "you predicted the bytes of the loads the kernel issues (the exact "
                        "count): L2 served the repeated tiles"});
  const CounterReading r = MatmulCli::measure(p);
  if (!r.counters) {
    t.skipped = "a reconcile exercise compares with the GPU's counters: " + r.why_not;
    return t;
  }
  t.value = r.counters->dram_read_bytes;
  t.how = "measured: one launch under the GPU's counters after an L2 flush; the exact count issues " +
          n(c.global_load_bytes) + " bytes of loads, M and N are " +
          n(4LL * p.rows * p.inner + 4LL * p.inner * p.cols) + " bytes";
  return t;
}

}  // namespace

template <>
const std::vector<ExerciseQuantity>& PatternCli<MatmulPattern>::exercise_quantities() {
  static const std::vector<ExerciseQuantity> q = {
      {"phases", "phases of the tiled kernel", phases},
      {"barriers", "__syncthreads() a block executes", barriers},
      {"block_global_loads", "global loads of the block of P[row][col]", block_global_loads},
      {"opb_model", "the strategy's OP/B in the book's model", opb_model},
      {"opb_counted", "OP/B of the exact count over the whole launch", opb_counted},
      {"blocks", "blocks in the launch's grid", blocks},
      {"idle_threads", "threads of the launch that own no element of P", idle_threads},
      {"fewest_idle_tile", "the TILE_WIDTH with the fewest idle threads", fewest_idle_tile},
      {"tile_of_block", "an element (column, row) of P that block (bx, by) computes", tile_of_block},
      {"first_damaged_element", "the first element of P, row by row from P[row][col], that the break damages",
       first_damaged_element},
      {"dram_read_bytes", "bytes DRAM delivers for one launch (measured, CUDA)", dram_read_bytes},
  };
  return q;
}

}  // namespace tilescope::cli
