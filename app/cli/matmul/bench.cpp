// tilescope bench --pattern matmul: median kernel time of each strategy and of the engine's
// library (cuBLAS sgemm) on the same matrices, beside the bandwidth bound of the book's model.
#include <cstdio>
#include <iostream>
#include <random>

#include "app/cli/matmul/matmul_cli.hpp"
#include "app/cli/measure.hpp"
#include "kernels/backend.hpp"
#include "kernels/error.hpp"
#include "kernels/matmul_launch.hpp"
#include "kernels/matmul_strategies.hpp"
#include "kernels/matmul_traffic.hpp"

namespace tilescope::cli::matmul {
namespace {

void print_row(const std::string& name, const std::string& tile, const Timing& t, double flops, const std::string& opb,
               const std::string& bound) {
  std::printf("%-14s %5s %11.4f %11.4f %10.1f %8s %13s\n", name.c_str(), tile.c_str(), t.median, t.min,
              flops / t.median * 1e-6, opb.c_str(), bound.c_str());
}

}  // namespace

void bench(const PatternOptions& o, const BenchSettings& settings) {
  if (!settings.radii.empty()) throw InvalidInput("matmul has no radius: use --tile for TILE_WIDTH");
  PatternOptions any = o;
  if (any.strategy == "all") any.strategy.clear();
  if (any.size.empty()) any.size = "4096x4096x4096";
  const MatmulParams base = params_of(any);
  const std::vector<int> tiles = o.tile ? std::vector<int>{*o.tile} : std::vector<int>{16, 32};
  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  auto engine = choice.backend->make_matmul_engine();
  std::vector<float> M(std::size_t(base.rows) * base.inner), N(std::size_t(base.inner) * base.cols);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (float& v : M) v = uniform(rng);
  for (float& v : N) v = uniform(rng);
  validate_matmul(base, engine->limits());
  engine->load_inputs(M.data(), N.data(), base.rows, base.inner, base.cols);

  const double bandwidth = choice.backend->peaks().bandwidth_gbs;
  const double flops = 2.0 * base.rows * base.inner * base.cols;
  std::printf("bench matmul on %s: M %dx%d, N %dx%d, median of %d runs after one warm-up\n",
              choice.backend->description().c_str(), base.rows, base.inner, base.inner, base.cols, settings.reps);
  std::printf("%-14s %5s %11s %11s %10s %8s %13s\n", "strategy", "tile", "median ms", "min ms", "GFLOP/s", "OP/B",
              "bound GFLOP/s");
  for (int s = 0; s < kMatmulStrategyCount; ++s) {
    if (o.strategy != "all" && matmul_strategies()[s].id != base.strategy) continue;
    for (int tile : tiles) {
      MatmulParams p = base;
      p.strategy = matmul_strategies()[s].id;
      p.tile = tile;
      if (auto problem = matmul_problem(p, engine->limits())) {
        std::printf("%-14s %5d  cannot run: %s\n", matmul_strategies()[s].name.data(), tile, problem->c_str());
        continue;
      }
      std::vector<double> ms;
      for (int i = 0; i <= settings.reps; ++i) ms.push_back(engine->run(p));
      const double opb = book_model(p).opb_model;
      print_row(std::string(matmul_strategies()[s].name), std::to_string(tile), summarize(ms), flops,
                std::to_string(opb).substr(0, 4), bandwidth > 0 ? std::to_string(int(bandwidth * opb)) : "-");
    }
  }
  if (!engine->library_name().empty()) {
    std::vector<double> ms;
    for (int i = 0; i <= settings.reps; ++i) ms.push_back(*engine->run_library());
    print_row(engine->library_name(), "-", summarize(ms), flops, "-", "-");
  }
  std::printf("GFLOP/s = 2MKN / median time. bound = DRAM bandwidth (%.0f GB/s here) x the book's OP/B, which\n"
              "assumes every global load reaches DRAM: L1/L2 hits can beat it (naive), and compute or shared-memory\n"
              "throughput can stop a kernel below it (tiled). The book's A100 example: %.0f GB/s x 4 OP/B\n"
              "(TILE_WIDTH 16) = %.0f GFLOP/s.\n",
              bandwidth, kA100BandwidthGBs, throughput_bound_gflops(kA100BandwidthGBs, 4.0));
}

}  // namespace tilescope::cli::matmul
