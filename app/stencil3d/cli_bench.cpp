// tilescope bench --pattern stencil3d: every strategy, and cuDNN's 3-D convolution with the
// star stencil as a dense (2k+1)^3 filter, beside the same run's copy ceiling, each checked
// against the CPU reference.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/cli/bench_peers.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "kernels/stencil3d/strategies.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/common/tolerance.hpp"

namespace tilescope::cli::stencil3d {
namespace {

// Largest difference over the interior cells: a peer zero-pads where our kernels copy the
// edge cells (the simulation's boundary condition), so only the interior is the same problem.
double interior_error(const std::vector<float>& a, const std::vector<float>& b, const Stencil3dParams& p) {
  double worst = 0;
  const int k = p.order;
  for (int z = k; z < p.depth - k; ++z)
    for (int y = k; y < p.height - k; ++y) {
      const std::size_t row = (std::size_t(z) * p.height + y) * p.width;
      const double err = max_abs_error(a.data() + row + k, b.data() + row + k, std::size_t(std::max(0, p.width - 2 * k)));
      worst = std::max(worst, err);
    }
  return worst;
}

}  // namespace

void bench(const PatternOptions& o, const BenchSettings& settings) {
  const BenchStart start = start_bench(o, "512x512x512", "128x128x128");
  Backend& backend = *start.backend;
  const Stencil3dParams base = params_of(start.options);
  auto engine = backend.make_stencil3d_engine();
  const auto peers = bench_peers(backend, settings);
  const std::vector<int> orders = parse_list(settings.radii.empty() ? "1,2,3" : settings.radii, "--radius");
  std::vector<Stencil3dStrategy> strategies;
  for (int i = 0; i < kStencil3dStrategyCount; ++i)
    if (o.strategy == "all" || strategy_table<Stencil3dStrategy>()[i].id == base.strategy) strategies.push_back(strategy_table<Stencil3dStrategy>()[i].id);

  const std::size_t cells = std::size_t(base.cells());
  const std::vector<float> in = bench_input(cells);
  std::vector<float> out(cells), ref(cells);
  const double bytes = 8.0 * cells;
  BenchReport report("stencil3d", start.options.size, backend, settings, int(orders.size() * (strategies.size() + peers.size())));
  for (int k : orders) {
    const StencilCoeffs c = make_named_stencil("random:1", k);  // asymmetric: a flipped axis cannot pass
    report.progress("CPU reference, order " + std::to_string(k));
    stencil3d_cpu(c, in.data(), ref.data(), base.width, base.height, base.depth);
    Stencil3dParams counted = base;
    counted.order = k;
    BenchRow row;
    row.radius = k;
    row.bytes = bytes;
    row.flops = 2.0 * (6 * k + 1) * cells;  // a multiply and an add per point, as conv2d counts taps
    row.tolerance = stencil_tolerance(c, 1.0f);
    row.copy_ms = copy_median_ms(backend, bytes, settings.reps);
    for (Stencil3dStrategy s : strategies) {
      Stencil3dParams p = counted;
      p.strategy = s;
      if (o.strategy == "all" || !o.tile) p.tile = default_tile(s, p.order);
      add_strategy_row(
          report, row, std::string(strategy_info(s).name), p.tile, stencil3d_problem(p, backend.limits()),
          [&] { return engine->apply(p, c, in.data(), out.data(), settings.reps + 1); },
          [&] { return max_abs_error(out.data(), ref.data(), cells); });
    }
    const int d = 2 * k + 1;
    add_peer_rows(report, peers, {{base.depth, base.height, base.width}, {d, d, d}}, in.data(),
                  stencil_to_dense(c).data(), row, settings.reps,
                  [&](const std::vector<float>& theirs) { return interior_error(theirs, ref, counted); });
  }
  std::printf("Peers zero-pad the domain where the stencil copies its edge cells: their error is over the interior.\n");
  if (!report.finish()) throw CLI::RuntimeError(1);
}

}  // namespace tilescope::cli::stencil3d
