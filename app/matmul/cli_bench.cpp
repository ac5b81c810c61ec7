// tilescope bench --pattern matmul: every strategy and the engine's library (cuBLAS sgemm) on
// the same matrices, beside the same run's copy ceiling and the book's bandwidth bound, each
// checked against the CPU reference on sampled rows of P.
#include <algorithm>
#include <cstdio>

#include "app/cli/bench.hpp"
#include "app/matmul/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/matmul/geometry.hpp"
#include "kernels/matmul/model.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/matmul/strategies.hpp"

namespace tilescope::cli {
namespace {

// The CPU reference for every stride-th row of P (and the last): a full 4096^3 product on the
// CPU would take longer than the whole benchmark, and a wrong tile shows in any of its rows.
struct SampledReference {
  std::vector<int> rows;
  std::vector<float> P;  // rows.size() x cols

  SampledReference(const std::vector<float>& M, const std::vector<float>& N, const MatmulParams& p) {
    const int stride = std::max(1, p.rows / 64);
    for (int r = 0; r < p.rows; r += stride) rows.push_back(r);
    if (rows.back() != p.rows - 1) rows.push_back(p.rows - 1);
    std::vector<float> sampled_M;
    for (int r : rows)
      sampled_M.insert(sampled_M.end(), M.begin() + std::size_t(r) * p.inner, M.begin() + std::size_t(r + 1) * p.inner);
    P.resize(rows.size() * std::size_t(p.cols));
    matmul_cpu(sampled_M.data(), N.data(), P.data(), int(rows.size()), p.inner, p.cols);
  }
  double error(const std::vector<float>& full_P, int cols) const {
    double worst = 0;
    for (std::size_t i = 0; i < rows.size(); ++i)
      worst = std::max(worst, max_abs_error(full_P.data() + std::size_t(rows[i]) * cols, P.data() + i * cols, cols));
    return worst;
  }
};

// The book's own kernel for p (bench --yardstick: Fig 3.11, 5.13) on the engine's resident
// matrices, after the row's own runs; none on the CPU or where the book has no kernel for p.
std::optional<std::vector<double>> book_kernel_times(const MatmulEngine& engine, const MatmulParams& p, int reps) {
#ifdef TILESCOPE_HAVE_CUDA
  if (const DeviceMatrices d = engine.device_matrices(); d.P && tilescope::yardstick::has_book_kernel(p))
    return tilescope::yardstick::time_book_kernel(p, d.M, d.N, d.P, reps);
#endif
  (void)engine, (void)p, (void)reps;
  return std::nullopt;
}

}  // namespace

void MatmulCli::bench(const PatternOptions& o, const BenchSettings& settings) {
  if (!settings.radii.empty()) throw InvalidInput("matmul has no radius: use --tile for TILE_WIDTH");
  const BenchStart start = start_bench(o, "4096x4096x4096", "512x512x512");
  Backend& backend = *start.backend;
  const MatmulParams base = params_of<MatmulCli>(start.options);
  const std::vector<int> tiles = o.tile ? std::vector<int>{*o.tile} : std::vector<int>{16, 32};
  const std::vector<MatmulStrategy> strategies = bench_strategies<MatmulCli>(o, base);
  const auto tile_problem_of = [&](MatmulStrategy s) {
    MatmulParams p = base;
    p.strategy = s;
    return tile_problem(p);
  };
  if (o.tile && std::all_of(strategies.begin(), strategies.end(),
                            [&](MatmulStrategy s) { return tile_problem_of(s).has_value(); }))
    throw InvalidInput(*tile_problem_of(strategies.front()));  // a --tile that none of them has
  auto engine = MatmulPattern::make_engine(backend);
  MatmulParams sized = base;  // the sizes, at a tile the base strategy runs (--tile may be fast's only)
  sized.tile = default_tile(sized.strategy, 0);
  validate_launch(sized, engine->limits());
  const std::vector<float> M = bench_input(std::size_t(base.rows) * base.inner, 1);
  const std::vector<float> N = bench_input(std::size_t(base.inner) * base.cols, 2);
  std::vector<float> P(std::size_t(base.rows) * base.cols);
  engine->load_inputs(M.data(), N.data(), base.rows, base.inner, base.cols);
  const bool library = settings.peers && !engine->library_name().empty();

  int rows = library;
  for (MatmulStrategy s : strategies) rows += s == MatmulStrategy::fast ? 1 : int(tiles.size());
  BenchReport report("matmul", start.options.size, backend, settings, rows);
  report.progress("CPU reference (sampled rows)");
  const SampledReference ref(M, N, base);
  BenchRow row;
  row.bytes = compulsory_bytes(base);
  row.flops = 2.0 * base.rows * base.inner * base.cols;
  row.tolerance = matmul_tolerance(base.inner, 1.0f, 1.0f);
  row.copy_ms = copy_median_ms(backend, row.bytes, settings.reps);
  auto times = [&](auto&& run_once) {
    std::vector<double> ms;
    for (int i = 0; i <= settings.reps; ++i) ms.push_back(run_once());
    return ms;
  };
  auto error = [&] {
    engine->read_output(P.data());
    return ref.error(P, base.cols);
  };
  for (MatmulStrategy s : strategies)
    for (int tile : tiles) {
      // fast: one row, at --tile where that is one of its block tiles (without split-K), else at the
      // GPU's rule's tile and split-K
      const bool fast = s == MatmulStrategy::fast;
      if (fast && tile != tiles.front()) continue;
      MatmulParams p = base;
      p.strategy = s;
      p.tile = tile;
      if (fast && !(o.tile && matmul_fast_tile_ok(*o.tile))) {
        const MatmulFastShape shape = matmul_fast_shape_for(p, engine->limits().sm_count);
        p.tile = shape.tile, p.slices = shape.slices;
      }
      BenchRow this_row = row;
      this_row.slices = p.slices;
      add_strategy_row(
          report, this_row, std::string(strategy_info(s).name), p.tile, launch_problem(p, engine->limits()),
          [&] { return times([&] { return engine->run(p); }); }, error,
          [&] { return settings.yardstick ? book_kernel_times(*engine, p, settings.reps + 1) : std::nullopt; },
          [&] { return counters_of_run([&] { engine->run(p); }); });
    }
  if (library) {
    report.progress(engine->library_name());
    BenchRow theirs = row;
    theirs.peer = engine->library_name();
    if (backend.name() == "cuda") theirs.note = "default FP32 math (no TF32)";
    theirs.time = summarize(times([&] { return *engine->run_library(); }));
    theirs.max_abs_err = error();
    if (report.counting()) theirs.counters = counters_of_run([&] { engine->run_library(); }).counters;
    report.add(theirs);
  }
  std::printf(
      "The book's model bounds a kernel at DRAM bandwidth x its OP/B (naive 0.25, tiled TILE_WIDTH/4):\n"
      "%.0f GB/s here; the A100 example: %.0f GB/s x 4 = %.0f GFLOP/s. L1/L2 hits beat that bound; compute\n"
      "and shared-memory throughput stop kernels below it.\n",
      backend.peaks().bandwidth_gbs, kA100BandwidthGBs, throughput_bound_gflops(kA100BandwidthGBs, 4.0));
  if (!report.finish()) throw CLI::RuntimeError(1);
}

CounterReading MatmulCli::measure(const Params& p, GpuTurn turn) {
  return measure_on_cuda(
      [&](Backend& cuda) {
        auto engine = MatmulPattern::make_engine(cuda);
        const std::vector<float> M = bench_input(std::size_t(p.rows) * p.inner, 1);
        const std::vector<float> N = bench_input(std::size_t(p.inner) * p.cols, 2);
        engine->load_inputs(M.data(), N.data(), p.rows, p.inner, p.cols);
        engine->run(p);
      },
      turn);
}

}  // namespace tilescope::cli
