// tilescope check --pattern matmul: every strategy at every TILE_WIDTH it uses, and the engine's library
// (cuBLAS), against the CPU reference over rectangular sizes.
#include <cstdio>
#include <iostream>
#include <random>

#include "app/cli/params.hpp"
#include "app/matmul/cli.hpp"
#include "app/cli/measure.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/common/error.hpp"
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
    Case c{std::vector<float>(std::size_t(s[0]) * s[1]), std::vector<float>(std::size_t(s[1]) * s[2]),
           std::vector<float>(std::size_t(s[0]) * s[2]), s[0], s[1], s[2]};
    for (float& v : c.M) v = uniform(rng);
    for (float& v : c.N) v = uniform(rng);
    matmul_cpu(c.M.data(), c.N.data(), c.ref.data(), c.rows, c.inner, c.cols);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace

int MatmulCli::check(const std::string& backend_name) {
  BackendChoice choice = choose_backend(backend_name);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_matmul_engine();
  const std::vector<Case> cases = make_cases();
  std::printf("matmul: checking %s against the CPU reference (TILE_WIDTH %d..%d, %zu sizes from 1x1x1 to 100x257x31)\n",
              choice.backend->description().c_str(), kMinMatmulTile, kMaxMatmulTile, cases.size());
  std::printf("%-14s %8s %13s  %s\n", "strategy", "runs", "max abs err", "result");
  int passed = 0, failed = 0;
  std::string first_error;
  auto row = [&](const std::string& name, const CheckTally& tally) {
    (tally.bad ? failed : passed) += 1;
    std::printf("%-14s %8d %13.3g  %s\n", name.c_str(), tally.runs, tally.worst, tally.bad ? "FAIL" : "ok");
  };
  for (int s = 0; s < kMatmulStrategyCount; ++s) {
    CheckTally tally;
    const bool uses_tile = matmul_strategies()[s].id != MatmulStrategy::fast;  // fast ignores TILE_WIDTH
    for (int tile = kMinMatmulTile; tile <= (uses_tile ? kMaxMatmulTile : kMinMatmulTile); ++tile)
      for (const Case& c : cases) {
        const MatmulParams p{matmul_strategies()[s].id, tile, c.rows, c.inner, c.cols};
        std::vector<float> P(c.ref.size());
        try {
          engine->matmul(p, c.M.data(), c.N.data(), P.data());
        } catch (const BackendError& e) {
          tally.launch_failed(std::string(matmul_strategies()[s].name) + " tile " + std::to_string(tile) + ": " +
                                  e.what(),
                              first_error);
          continue;
        }
        tally.compare(P, c.ref, matmul_tolerance(c.inner, 1.0f, 1.0f));
      }
    row(std::string(matmul_strategies()[s].name), tally);
  }
  if (!engine->library_name().empty()) {
    CheckTally tally;
    for (const Case& c : cases) {
      std::vector<float> P(c.ref.size());
      try {
        engine->load_inputs(c.M.data(), c.N.data(), c.rows, c.inner, c.cols);
        engine->run_library();
        engine->read_output(P.data());
      } catch (const BackendError& e) {
        tally.launch_failed(engine->library_name() + ": " + e.what(), first_error);
        continue;
      }
      tally.compare(P, c.ref, matmul_tolerance(c.inner, 1.0f, 1.0f));
    }
    row(engine->library_name(), tally);
  }
  if (!first_error.empty()) std::printf("first backend error: %s\n", first_error.c_str());
  std::printf("check matmul: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

}  // namespace tilescope::cli
