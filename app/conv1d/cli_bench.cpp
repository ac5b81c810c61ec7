// tilescope bench --pattern conv1d: every strategy, and cuDNN with the signal as a 1 x N image,
// beside the same run's copy ceiling, each checked against the CPU reference.

#include "app/cli/bench_peers.hpp"
#include "app/conv1d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/common/tolerance.hpp"

namespace tilescope::cli::conv1d {

void bench(const PatternOptions& o, const BenchSettings& settings) {
  // 2^28 floats (1 GiB) on a GPU: far past the L2 cache, as the target asks.
  const BenchStart start = start_bench(o, "268435456", "4194304");
  Backend& backend = *start.backend;
  const Conv1dParams base = params_of(start.options);
  auto engine = backend.make_conv1d_engine();
  const auto peers = bench_peers(backend, settings);
  const std::vector<int> radii = parse_list(settings.radii.empty() ? "1,2,4,8,16" : settings.radii, "--radius");
  std::vector<Conv1dStrategy> strategies;
  for (int s = 0; s < kConv1dStrategyCount; ++s)
    if (o.strategy == "all" || strategy_table<Conv1dStrategy>()[s].id == base.strategy) strategies.push_back(strategy_table<Conv1dStrategy>()[s].id);

  const std::size_t n = std::size_t(base.length);
  const std::vector<float> in = bench_input(n);
  std::vector<float> out(n), ref(n);
  engine->load_input(in.data(), base.length);
  const double bytes = 8.0 * n;
  BenchReport report("conv1d", start.options.size, backend, settings, int(radii.size() * (strategies.size() + peers.size())));
  for (int r : radii) {
    const Filter1d f = make_named_filter1d("random:1", r);  // asymmetric: a flipped filter cannot pass
    report.progress("CPU reference, r=" + std::to_string(r));
    conv1d_cpu(f, in.data(), ref.data(), base.length);
    BenchRow row;
    row.radius = r;
    row.bytes = bytes;
    row.flops = 2.0 * f.weights.size() * n;
    row.tolerance = conv1d_tolerance(f, 1.0f);
    row.copy_ms = copy_median_ms(backend, bytes, settings.reps);
    for (Conv1dStrategy s : strategies) {
      Conv1dParams p = base;
      p.strategy = s;
      p.filter_radius = r;
      add_strategy_row(
          report, row, std::string(strategy_info(s).name), p.tile, conv1d_problem(p, engine->limits()),
          [&] {
            std::vector<double> ms;
            for (int i = 0; i <= settings.reps; ++i) ms.push_back(engine->run(p, f));
            return ms;
          },
          [&] {
            engine->read_output(out.data());
            return max_abs_error(out.data(), ref.data(), n);
          });
    }
    add_peer_rows(report, peers, {{base.length}, {f.dim()}}, in.data(), f.weights.data(), row, settings.reps,
                  [&](const std::vector<float>& theirs) { return max_abs_error(theirs.data(), ref.data(), n); });
  }
  if (!report.finish()) throw CLI::RuntimeError(1);
}

}  // namespace tilescope::cli::conv1d
