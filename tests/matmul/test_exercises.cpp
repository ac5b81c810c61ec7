// matmul's exercises (issue 52) against computations written here: phases and barriers of Fig 5.13,
// loads counted thread by thread and phase by phase, the book's TILE_WIDTH / 4, the break tests'
// damage prediction.
#include <gtest/gtest.h>

#include "tests/common/exercise_checks.hpp"
#include "tests/matmul/break_damage.hpp"

namespace tilescope::test {
namespace {

using nlohmann::json;

long long idle(int T, int M, int N) { return 1LL * ((N + T - 1) / T) * ((M + T - 1) / T) * T * T - 1LL * M * N; }

json independent(const Exercise& e, const json& q) {
  const std::string& k = e.quantity;
  const int T = q["tile"], M = q["rows"], K = q["inner"], N = q["cols"];
  const int phases = (K + T - 1) / T, gx = (N + T - 1) / T, gy = (M + T - 1) / T;
  if (k == "phases") return phases;
  if (k == "barriers") return 2 * phases;
  if (k == "opb_model") return q["strategy"] == "naive" ? 0.25 : T / 4.0;
  if (k == "blocks") return 1LL * gx * gy;
  if (k == "idle_threads") return idle(T, M, N);
  if (k == "opb_counted") return 2.0 * M * K * N / (4.0 * (1.0 * M * K * gx + 1.0 * K * N * gy));
  if (k == "fewest_idle_tile") {
    std::string best;
    long long fewest = -1;
    for (const std::string& o : exercise_options(e, q))
      if (fewest < 0 || idle(std::stoi(o), M, N) < fewest) fewest = idle(std::stoi(o), M, N), best = o;
    return best;
  }
  if (k == "tile_of_block") return json::array({q["bx"].get<int>() * T, q["by"].get<int>() * T});
  if (k == "block_global_loads") {
    const int bx = q["col"].get<int>() / T, by = q["row"].get<int>() / T;
    long long loads = 0;
    for (int ph = 0; ph < phases; ++ph)
      for (int ty = 0; ty < T; ++ty)
        for (int tx = 0; tx < T; ++tx) {
          const int row = by * T + ty, col = bx * T + tx;
          loads += row < M && ph * T + tx < K;  // Mds[ty][tx]
          loads += ph * T + ty < K && col < N;  // Nds[ty][tx]
        }
    return loads;
  }
  if (k == "first_damaged_element") {
    MatmulParams p;
    p.strategy = MatmulStrategy::tiled, p.tile = T, p.rows = M, p.inner = K, p.cols = N;
    const std::vector<char> d = predicted_damage(p, parse_break(q["break"].get<std::string>()));
    for (int i = q["row"].get<int>() * N + q["col"].get<int>(); i < M * N; ++i)
      if (d[i]) return json::array({i % N, i / N});
    return json::array({-1, -1});
  }
  if (k == "dram_read_bytes") return nullptr;
  ADD_FAILURE() << "the test has no computation for quantity " << k;
  return nullptr;
}

TEST(MatmulExercises, EveryExerciseAt50SeedsMatchesAnIndependentCount) {
  EXPECT_GE(check_exercises("matmul", independent), 8);
}

}  // namespace
}  // namespace tilescope::test
