// conv2d's exercises (issue 52) against computations written here: cells counted one by one over a
// block's tiles, the book's OP/B formulas (README "Model"), the break tests' damage prediction.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/common/exercise_checks.hpp"
#include "tests/conv2d/break_damage.hpp"

namespace tilescope::test {
namespace {

using nlohmann::json;

struct Setup {
  std::string strategy;
  int r, T, size, out, in;
};
Setup setup(const json& q) {
  Setup s{q["strategy"], q["radius"], q["tile"], q.value("size", 1024), 0, 0};
  s.out = s.strategy == "tiled_in" ? s.T - 2 * s.r : s.T;
  s.in = s.out + 2 * s.r;
  return s;
}
bool inside(int v, int n) { return v >= 0 && v < n; }

// The book's models for an interior block, from its formulas.
double book_opb(const std::string& strategy, int r, int T) {
  const double K = (2.0 * r + 1) * (2 * r + 1);
  if (strategy == "basic") return 0.25;
  if (strategy == "const_mem") return 0.5;
  if (strategy == "tiled_in") return 2.0 * (T - 2 * r) * (T - 2 * r) * K / (4.0 * T * T);
  if (strategy == "tiled_out") return 2.0 * T * T * K / (4.0 * (T + 2 * r) * (T + 2 * r));
  // cached_halo: per axis T(2r+1) - r(r+1) taps stay in the tile; the rest are global loads.
  const double in_tile = double(T) * (2 * r + 1) - r * (r + 1);
  return 2.0 * T * T * K / (4.0 * (double(T) * T + double(T) * T * K - in_tile * in_tile));
}

json independent(const Exercise& e, const json& q) {
  const std::string& k = e.quantity;
  if (k == "halo_cells") {
    const Setup s = setup(q);
    return 1LL * s.in * s.in - 1LL * s.out * s.out;
  }
  if (k == "opb_model") return book_opb(q["strategy"], q["radius"], q["tile"]);
  if (k == "highest_opb") {
    std::string best;
    double top = -1;
    for (const std::string& o : exercise_options(e, q))
      if (book_opb(o, q["radius"], q["tile"]) > top + 1e-12) top = book_opb(o, q["radius"], q["tile"]), best = o;
    return best;
  }
  const Setup s = setup(q);
  if (k == "output_tile_of_block") return json::array({q["bx"].get<int>() * s.out, q["by"].get<int>() * s.out});
  if (k == "first_damaged_output") {
    Conv2dParams p;
    p.strategy = Conv2dStrategy::tiled_in, p.filter_radius = s.r, p.tile = s.T, p.width = p.height = s.size;
    const std::vector<char> d = predicted_damage(p, parse_break(q["break"].get<std::string>()));
    for (int i = q["y"].get<int>() * s.size + q["x"].get<int>(); i < s.size * s.size; ++i)
      if (d[i]) return json::array({i % s.size, i / s.size});
    return json::array({-1, -1});
  }
  // The block of output (x, y), its threads and taps one by one.
  const int bx = q["x"].get<int>() / s.out, by = q["y"].get<int>() / s.out;
  const int ox = bx * s.out, oy = by * s.out;  // first output
  long long ghosts = 0, tile_loads = 0, computing = 0, shared_reads = 0, global_taps = 0;
  for (int y = oy - s.r; y < oy - s.r + s.in; ++y)
    for (int x = ox - s.r; x < ox - s.r + s.in; ++x) ghosts += !(inside(x, s.size) && inside(y, s.size));
  const bool ring = s.strategy == "tiled_in";
  const int threads = s.T;  // per axis: tiled_in's block is its input tile, the others' their output tile
  for (int ty = 0; ty < threads; ++ty)
    for (int tx = 0; tx < threads; ++tx) {
      // tiled_in: thread (tx, ty) loads input (ox - r + tx, oy - r + ty) and computes when not in the ring.
      const int x = ring ? ox - s.r + tx : ox + tx, y = ring ? oy - s.r + ty : oy + ty;
      const bool computes = ring ? tx >= s.r && tx < s.T - s.r && ty >= s.r && ty < s.T - s.r : true;
      if (!computes || !inside(x, s.size) || !inside(y, s.size)) continue;
      ++computing;
      for (int dy = -s.r; dy <= s.r; ++dy)
        for (int dx = -s.r; dx <= s.r; ++dx) {
          const int ix = x + dx, iy = y + dy;
          const bool in_tile = s.strategy == "cached_halo" ? ix >= ox && ix < ox + s.T && iy >= oy && iy < oy + s.T
                                                           : true;  // tiled_in and tiled_out stage the whole input tile
          if (in_tile)
            ++shared_reads;
          else if (inside(ix, s.size) && inside(iy, s.size))
            ++global_taps;
        }
    }
  const int staged = s.strategy == "cached_halo" ? s.T : s.in, sx = s.strategy == "cached_halo" ? ox : ox - s.r,
            sy = s.strategy == "cached_halo" ? oy : oy - s.r;
  for (int y = sy; y < sy + staged; ++y)
    for (int x = sx; x < sx + staged; ++x) tile_loads += inside(x, s.size) && inside(y, s.size);
  if (k == "ghost_cells") return ghosts;
  if (k == "idle_threads") return 1LL * threads * threads - computing;
  if (k == "block_global_loads") return tile_loads + global_taps;
  if (k == "block_shared_reads") return shared_reads;
  if (k == "dram_read_bytes") return nullptr;
  ADD_FAILURE() << "the test has no computation for quantity " << k;
  return nullptr;
}

TEST(Conv2dExercises, EveryExerciseAt50SeedsMatchesAnIndependentCount) {
  EXPECT_GE(check_exercises("conv2d", independent), 8);
}

}  // namespace
}  // namespace tilescope::test
