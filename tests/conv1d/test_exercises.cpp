// conv1d's exercises (issue 52) against computations written here: elements counted one by one,
// PMPP's formulas for the load reduction and OP/B, the break tests' damage prediction.
#include <gtest/gtest.h>

#include "tests/common/exercise_checks.hpp"
#include "tests/conv1d/break_damage.hpp"

namespace tilescope::test {
namespace {

using nlohmann::json;

bool inside(int v, int n) { return v >= 0 && v < n; }

double book_opb(const std::string& s, int n, int T) {
  if (s == "basic") return 0.25;
  if (s == "const_mem") return 0.5;
  if (s == "tiled") return 2.0 * T * (2 * n + 1) / (4.0 * (T + 2 * n));
  return 2.0 * T * (2 * n + 1) / (4.0 * (T + n * (n + 1)));  // cached_halo: n(n+1) halo taps are global loads
}

json independent(const Exercise& e, const json& q) {
  const std::string& k = e.quantity;
  const std::string s = q["strategy"];
  const int n = q["radius"], T = q["tile"], len = q.value("length", 1 << 20);
  if (k == "load_reduction_interior") return double(T) * (2 * n + 1) / (T + 2 * n);
  if (k == "opb_model") return book_opb(s, n, T);
  if (k == "highest_opb") {
    std::string best;
    double top = -1;
    for (const std::string& o : exercise_options(e, q))
      if (book_opb(o, n, T) > top + 1e-12) top = book_opb(o, n, T), best = o;
    return best;
  }
  if (k == "idle_threads") {
    const int last = (len + T - 1) / T - 1;
    return T - (len - last * T);
  }
  if (k == "loader_of_slot") {
    // Left halo: element j comes from the previous tile's last n elements, loaded by thread T - n + j;
    // right halo: the next tile's first n, by thread j.
    const int j = q["j"];
    return json::array({q["side"] == "left" ? T - n + j : j});
  }
  if (k == "output_tile_of_block") return json::array({q["b"].get<int>() * T});
  if (k == "first_damaged_output") {
    Conv1dParams p;
    p.strategy = Conv1dStrategy::tiled, p.filter_radius = n, p.tile = T, p.length = len;
    const std::vector<char> d = predicted_damage(p, parse_break(q["break"].get<std::string>()));
    for (int i = q["i"]; i < len; ++i)
      if (d[i]) return json::array({i});
    return json::array({-1});
  }
  if (k == "dram_read_bytes") return nullptr;
  const int b = q["i"].get<int>() / T, o = b * T;
  long long ghosts = 0, loads = 0;
  for (int i = o - n; i < o + T + n; ++i) ghosts += !inside(i, len);
  if (k == "ghost_cells") return ghosts;
  if (k == "block_global_loads") {
    if (s == "tiled") return (T + 2 * n) - ghosts;            // tile and both halos, ghosts not loaded
    for (int i = o; i < o + T; ++i) loads += inside(i, len);  // cached_halo: the tile, then halo taps from global
    for (int i = o; i < o + T && i < len; ++i)
      for (int j = i - n; j <= i + n; ++j) loads += inside(j, len) && !(j >= o && j < o + T);
    return loads;
  }
  ADD_FAILURE() << "the test has no computation for quantity " << k;
  return nullptr;
}

TEST(Conv1dExercises, EveryExerciseAt50SeedsMatchesAnIndependentCount) {
  EXPECT_GE(check_exercises("conv1d", independent), 8);
}

}  // namespace
}  // namespace tilescope::test
