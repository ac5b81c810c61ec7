// tilescope check --pattern matmul: every strategy at every TILE_WIDTH it uses, and the engine's library
// (cuBLAS), against the CPU reference over rectangular sizes.
#include <cstdio>
#include <memory>
#include <random>

#include "app/cli/check.hpp"
#include "app/matmul/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope::cli {
namespace {

// M x K x N: ones, thin strips, sizes that are not multiples of any tile, whole tiles.
constexpr int kSizes[][3] = {{1, 1, 1}, {1, 37, 1}, {37, 1, 5}, {3, 5, 2}, {33, 31, 65}, {100, 257, 31}, {128, 64, 96}};

struct Case {
  std::vector<float> M, N, ref;
  int rows, inner, cols;
};

std::vector<Case> make_cases() {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<Case> cases;
  for (const auto& s : kSizes) {
    Case c{std::vector<float>(std::size_t(s[0]) * s[1]),
           std::vector<float>(std::size_t(s[1]) * s[2]),
           std::vector<float>(std::size_t(s[0]) * s[2]),
           s[0],
           s[1],
           s[2]};
    for (float& v : c.M) v = uniform(rng);
    for (float& v : c.N) v = uniform(rng);
    matmul_cpu(c.M.data(), c.N.data(), c.ref.data(), c.rows, c.inner, c.cols);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace

template <>
struct CheckGlue<MatmulPattern> : MatmulCli {
  // One row per strategy, over every TILE_WIDTH it uses; then the engine's library (cuBLAS).
  struct Checker {
    std::unique_ptr<MatmulEngine> engine;
    const std::vector<Case> cases = make_cases();

    explicit Checker(const Backend& b) : engine(make_engine(b)) {}
    void head(const Backend& b) const {
      std::printf(
          "matmul: checking %s against the CPU reference (TILE_WIDTH %d..%d, fast's tiles %d and %d, "
          "%zu sizes from 1x1x1 to 100x257x31)\n",
          b.description().c_str(), kMinMatmulTile, kMaxMatmulTile, kMatmulFastNarrowTile, kMatmulFastWideTile,
          cases.size());
      std::printf("%-14s %8s %13s  %s\n", "strategy", "runs", "max abs err", "result");
    }
    std::vector<int> tiles(Strategy) const { return {0}; }  // one row; run_row() runs the tiles
    bool skip_tile(Strategy, int) const { return false; }
    void run_row(const StrategyInfo& s, int, CheckTally& tally, std::string& first_error) {
      std::vector<int> tiles = {kMatmulFastNarrowTile, kMatmulFastWideTile};  // fast's block tiles
      if (s.id != MatmulStrategy::fast) {
        tiles.clear();
        for (int tile = kMinMatmulTile; tile <= kMaxMatmulTile; ++tile) tiles.push_back(tile);
      }
      for (int tile : tiles)
        for (const Case& c : cases) {
          const Params p{s.id, tile, c.rows, c.inner, c.cols};
          std::vector<float> P(c.ref.size());
          check_case(
              tally, first_error, std::string(s.name) + " tile " + std::to_string(tile),
              [&] { engine->matmul(p, c.M.data(), c.N.data(), P.data()); }, [] {}, P, c.ref,
              matmul_tolerance(c.inner, 1.0f, 1.0f));
        }
    }
    static void print_row(const std::string& name, const CheckTally& t) {
      std::printf("%-14s %8d %13.3g  %s\n", name.c_str(), t.runs, t.worst, t.bad ? "FAIL" : "ok");
    }
    bool row(const StrategyInfo& s, int, const CheckTally& t) const {
      print_row(std::string(s.name), t);
      return true;
    }
    void finish(CheckSummary& sum) {
      if (!engine->library_name().empty()) {
        CheckTally tally;
        for (const Case& c : cases) {
          std::vector<float> P(c.ref.size());
          check_case(
              tally, sum.first_error, engine->library_name(),
              [&] {
                engine->load_inputs(c.M.data(), c.N.data(), c.rows, c.inner, c.cols);
                engine->run_library();
                engine->read_output(P.data());
              },
              [] {}, P, c.ref, matmul_tolerance(c.inner, 1.0f, 1.0f));
        }
        (tally.bad ? sum.failed : sum.passed) += 1;
        print_row(engine->library_name(), tally);
      }
      sum.print("check matmul");
    }
  };
};

template int PatternCli<MatmulPattern>::check(const std::string&);

}  // namespace tilescope::cli
