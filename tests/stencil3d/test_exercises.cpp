// stencil3d's exercises (issue 52) against computations written here: PMPP chapter 8's formulas
// (README "Model": 12k+1 ops, T - 2k outputs a side), cells counted per axis, the break tests' damage
// prediction.
#include <gtest/gtest.h>

#include "tests/common/exercise_checks.hpp"
#include "tests/stencil3d/break_damage.hpp"

namespace tilescope::test {
namespace {

using nlohmann::json;

double book_opb(const std::string& s, int k, int T) {
  const double ops = 12.0 * k + 1, out = T - 2 * k;
  if (s == "basic") return ops / (4.0 * (6 * k + 1));
  if (s == "tiled") return ops * out * out * out / (4.0 * T * T * T);
  return ops * out * out * out / (4.0 * T * T * (out + 2 * k));  // coarsened, register_tiled: Z = T - 2k planes
}

json independent(const Exercise& e, const json& q) {
  const std::string& name = e.quantity;
  const std::string s = q["strategy"];
  const int k = q["order"], T = q["tile"], G = q.value("grid", 256), out = T - 2 * k;
  if (name == "halo_cells") return 1LL * T * T * T - 1LL * out * out * out;
  if (name == "halo_fraction") return 1.0 - double(out) * out * out / (double(T) * T * T);
  if (name == "opb_model") return book_opb(s, k, T);
  if (name == "highest_opb") {
    std::string best;
    double top = -1;
    for (const std::string& o : exercise_options(e, q)) {
      const auto colon = o.find(':');
      const int t = colon == std::string::npos ? T : std::stoi(o.substr(colon + 1));
      const double v = book_opb(o.substr(0, colon), k, t);
      if (v > top + 1e-12) top = v, best = o;
    }
    return best;
  }
  if (name == "active_threads") return 1LL * out * out * out;
  if (name == "blocks") {
    const long long per_axis = (G + out - 1) / out;
    return per_axis * per_axis * per_axis;
  }
  if (name == "shared_bytes") return 4LL * T * T * (s == "coarsened" ? 2 * k + 1 : 1);
  if (name == "global_loads") {
    long long per_axis = 0;  // input-tile cells inside the grid, over the blocks along one axis
    for (int b = 0; b * out < G; ++b)
      for (int c = b * out - k; c < b * out - k + T; ++c) per_axis += c >= 0 && c < G;
    return per_axis * per_axis * per_axis;
  }
  if (name == "output_tile_of_block") return json::array({q["bx"].get<int>() * out, q["by"].get<int>() * out});
  if (name == "first_damaged_cell") {
    Stencil3dParams p;
    p.strategy = Stencil3dStrategy::tiled, p.order = k, p.tile = T, p.width = p.height = p.depth = G;
    const std::vector<char> d = predicted_damage(p, parse_break(q["break"].get<std::string>()));
    const std::size_t plane = std::size_t(G) * G * q["z"].get<int>();
    for (int i = q["y"].get<int>() * G + q["x"].get<int>(); i < G * G; ++i)
      if (d[plane + i]) return json::array({i % G, i / G});
    return json::array({-1, -1});
  }
  if (name == "dram_read_bytes") return nullptr;
  ADD_FAILURE() << "the test has no computation for quantity " << name;
  return nullptr;
}

TEST(Stencil3dExercises, EveryExerciseAt50SeedsMatchesAnIndependentCount) {
  EXPECT_GE(check_exercises("stencil3d", independent), 8);
}

}  // namespace
}  // namespace tilescope::test
