// tilescope bench --pattern conv2d: every strategy and every peer library (cuDNN, NPP) on one
// image, beside the same run's copy ceiling, each checked against the CPU reference.

#include "app/cli/bench_peers.hpp"
#include "app/conv2d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/common/tolerance.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::cli::conv2d {

void bench(const PatternOptions& o, const BenchSettings& settings) {
  const BenchStart start = start_bench(o, "8192x8192", "1024x1024");
  Backend& backend = *start.backend;
  auto engine = backend.make_conv2d_engine();
  const Conv2dParams base = params_of(start.options);
  std::vector<Conv2dStrategy> strategies;
  for (int i = 0; i < kConv2dStrategyCount; ++i)
    if (o.strategy == "all" || strategy_table<Conv2dStrategy>()[i].id == base.strategy) strategies.push_back(strategy_table<Conv2dStrategy>()[i].id);
  const auto peers = bench_peers(backend, settings);
  const std::vector<int> radii = parse_list(settings.radii.empty() ? "1,2,3,5,7" : settings.radii, "--radius");

  const std::size_t pixels = std::size_t(base.width) * base.height;
  const std::vector<float> in = bench_input(pixels);
  std::vector<float> out(pixels), ref(pixels);
  const double bytes = 8.0 * pixels;
  BenchReport report("conv2d", start.options.size, backend, settings, int(radii.size() * (strategies.size() + peers.size())));
  for (int r : radii) {
    const Filter2d f = make_named_filter("random:1", r);  // asymmetric: a flipped filter cannot pass
    report.progress("CPU reference, r=" + std::to_string(r));
    conv2d_cpu(f, in.data(), ref.data(), base.width, base.height);
    BenchRow row;
    row.radius = r;
    row.bytes = bytes;
    row.flops = 2.0 * f.weights.size() * pixels;
    row.tolerance = conv2d_tolerance(f, 1.0f);
    row.copy_ms = copy_median_ms(backend, bytes, settings.reps);
    for (Conv2dStrategy s : strategies) {
      Conv2dParams p = base;
      p.strategy = s;
      p.filter_radius = r;
      if (!o.tile) p.tile = default_tile(s, r);
      add_strategy_row(
          report, row, std::string(strategy_info(s).name), p.tile, conv2d_problem(p, backend.limits()),
          [&] { return engine->conv2d(p, f, in.data(), out.data(), settings.reps + 1); },
          [&] { return max_abs_error(out.data(), ref.data(), pixels); });
    }
    add_peer_rows(report, peers, {{base.height, base.width}, {f.dim(), f.dim()}}, in.data(), f.weights.data(), row,
                  settings.reps, [&](const std::vector<float>& theirs) { return max_abs_error(theirs.data(), ref.data(), pixels); });
  }
  if (!report.finish()) throw CLI::RuntimeError(1);
}

}  // namespace tilescope::cli::conv2d
